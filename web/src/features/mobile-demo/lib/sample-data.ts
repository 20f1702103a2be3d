/**
 * The demo's whole world, bundled with the page: made-up creators, their stories and posts. Pictures
 * are gradients with a small inline drawing, so the demo needs no image and makes no request.
 */

export type DemoMotif = 'sun' | 'wave' | 'flame' | 'flower' | 'note' | 'camera' | 'board' | 'star' | 'heart';

/** A picture drawn locally: a two-colour gradient with one white drawing in the middle. */
export interface DemoArt {
  from: string;
  to: string;
  motif: DemoMotif;
}

export interface DemoAuthor {
  name: string;
  username: string;
  /** The colour the creator chose for their profile (the demo shows off customisation). */
  profileColor: string;
}

export interface DemoStory {
  id: string;
  author: DemoAuthor;
  art: DemoArt;
  caption: string;
}

interface DemoPostBase {
  id: string;
  author: DemoAuthor;
  text: string;
  likes: number;
  comments: number;
  postedAgo: string;
}

/** A text post on its author's colours, a photo or video with a caption, or a live stream. */
export type DemoPost =
  | (DemoPostBase & { kind: 'text'; background: string; color: string })
  | (DemoPostBase & { kind: 'media'; art: DemoArt; duration: string | null })
  | (DemoPostBase & { kind: 'live'; art: DemoArt; viewers: number });

const maya: DemoAuthor = { name: 'Maya Chen', username: 'mayadraws', profileColor: '#f97316' };
const leo: DemoAuthor = { name: 'Leo Martins', username: 'leoskates', profileColor: '#06b6d4' };
const aisha: DemoAuthor = { name: 'Aisha Bello', username: 'aishacooks', profileColor: '#eab308' };
const kenji: DemoAuthor = { name: 'Kenji Ito', username: 'kenjibeats', profileColor: '#8b5cf6' };
const sofia: DemoAuthor = { name: 'Sofia Reyes', username: 'sofiadances', profileColor: '#ec4899' };
const noor: DemoAuthor = { name: 'Noor Haddad', username: 'noorframes', profileColor: '#10b981' };

/** Whoever is trying the demo: their posts go to the top of the feed. */
export const DEMO_YOU: DemoAuthor = { name: 'You', username: 'you', profileColor: '#7c3aed' };

export const SAMPLE_STORIES: DemoStory[] = [
  {
    id: 'story-maya',
    author: maya,
    art: { from: '#fb923c', to: '#7c3aed', motif: 'sun' },
    caption: 'Sketchbook day 41: sunsets only',
  },
  {
    id: 'story-leo',
    author: leo,
    art: { from: '#22d3ee', to: '#1e3a8a', motif: 'board' },
    caption: 'Skatepark at 7am, nobody here yet',
  },
  {
    id: 'story-aisha',
    author: aisha,
    art: { from: '#fde047', to: '#ea580c', motif: 'heart' },
    caption: 'Focaccia out of the oven',
  },
  {
    id: 'story-kenji',
    author: kenji,
    art: { from: '#a78bfa', to: '#111827', motif: 'note' },
    caption: 'Live at 9pm: beats from your requests',
  },
  {
    id: 'story-sofia',
    author: sofia,
    art: { from: '#f9a8d4', to: '#be185d', motif: 'star' },
    caption: 'New routine, who wants the tutorial?',
  },
  {
    id: 'story-noor',
    author: noor,
    art: { from: '#6ee7b7', to: '#065f46', motif: 'camera' },
    caption: 'Golden hour in the old town',
  },
];

export const SAMPLE_POSTS: DemoPost[] = [
  {
    id: 'post-maya',
    kind: 'media',
    author: maya,
    text: "Speed-painting tonight's sunset in under a minute #timelapse #art",
    art: { from: '#fdba74', to: '#6d28d9', motif: 'sun' },
    duration: '0:58',
    likes: 12_430,
    comments: 387,
    postedAgo: '2h',
  },
  {
    id: 'post-kenji',
    kind: 'live',
    author: kenji,
    text: 'Making a beat out of your song requests, come hang out',
    art: { from: '#7c3aed', to: '#0f172a', motif: 'note' },
    viewers: 1_312,
    likes: 2_045,
    comments: 96,
    postedAgo: 'now',
  },
  {
    id: 'post-aisha',
    kind: 'text',
    author: aisha,
    text: "Tried the three-ingredient focaccia everyone's talking about. Verdict: dangerously good.",
    background: '#1f2937',
    color: '#fde68a',
    likes: 864,
    comments: 52,
    postedAgo: '5h',
  },
  {
    id: 'post-leo',
    kind: 'media',
    author: leo,
    text: 'New spot, new trick. Landed the kickflip on the 14th try #skate',
    art: { from: '#67e8f9', to: '#1e40af', motif: 'board' },
    duration: null,
    likes: 3_120,
    comments: 141,
    postedAgo: '8h',
  },
  {
    id: 'post-sofia',
    kind: 'text',
    author: sofia,
    text: 'Switched my profile to sunset pink and I am never going back. What colour is yours?',
    background: '#fce7f3',
    color: '#9d174d',
    likes: 1_980,
    comments: 233,
    postedAgo: '1d',
  },
];

/** The pictures a demo Photo/Video post can use (the demo uploads nothing). */
export const SAMPLE_MEDIA: DemoArt[] = [
  { from: '#f472b6', to: '#7c3aed', motif: 'flower' },
  { from: '#38bdf8', to: '#0f766e', motif: 'wave' },
  { from: '#fbbf24', to: '#b91c1c', motif: 'flame' },
];
