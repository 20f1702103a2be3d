import { LEGAL_LAST_UPDATED, type LegalDocument } from './legal-document.ts';

/**
 * The privacy policy, written for this product: what MyWorld keeps, why, for how long, and what
 * deleting an account does to an append-only event log. Operator details are {placeholders}.
 */
export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: LEGAL_LAST_UPDATED,
  summary:
    'This policy explains what information MyWorld collects when you watch, post, message, stream or send gifts, how we use it, who we share it with, how long we keep it, and what happens when you delete your account. We wrote it to be read, not skimmed past: if anything is unclear, write to us at {privacyEmail}.',
  sections: [
    {
      id: 'who-we-are',
      heading: '1. Who we are',
      blocks: [
        'MyWorld is a social video platform for short videos, text posts, 24-hour stories, direct messages and live streams with paid virtual gifts. The service is operated by the company at {businessAddress} ("we", "us"), which is responsible for your personal information under this policy.',
        'Privacy questions and requests: {privacyEmail}. Everything else: {contactEmail}.',
      ],
    },
    {
      id: 'what-we-collect',
      heading: '2. What we collect',
      blocks: [
        'We collect only what the features you use need:',
        {
          list: [
            {
              term: 'Account',
              text: 'your username, first and last name, email address and whether it is verified, and your date of birth (to apply the minimum age). Your password is never stored: we keep only a salted scrypt hash of it.',
            },
            {
              term: 'Profile',
              text: 'your bio, "about me", profile picture, background image and colours, and your privacy settings (such as hiding your views and likes, or your streak and join date, from other people).',
            },
            {
              term: 'What you create',
              text: 'videos with their description, category and the list of editor effects applied; text posts with their colours, font and optional photo; stories; comments; live streams with their title, description, category and chat; and the messages attached to gifts.',
            },
            {
              term: 'What you do',
              text: 'follows, likes, shares, comments, post and story views, and interactions with recommendations. A view records the device class (browser, mobile and so on) and the country the request came from, never your precise location.',
            },
            {
              term: 'Direct messages',
              text: 'the text, the sender and recipient, when it was sent and whether it was read.',
            },
            {
              term: 'Payments',
              text: 'for each gift: the gift, quantity, price, currency, the stream and streamer, and the identifier and status of the payment at Stripe, our payment processor. Your card details go directly to Stripe; we never see or store your card number.',
            },
            {
              term: 'Reports and moderation',
              text: 'reports you file (what was reported, the reason and your description) and reports about your content, with every status change and moderator note.',
            },
            {
              term: 'Technical',
              text: 'one session cookie (myworld_sid) that keeps you signed in; it is HTTP-only and lasts up to 30 days. Each recorded action also carries request metadata: a request identifier, the device class and the country. Your IP address is used briefly for security and rate limiting and is not written to your history.',
            },
          ],
        },
        'Camera and microphone: the video editor and Go Live use your camera only while you have them open and only after you allow it in your browser. Face filters detect faces on your own device; face images and face measurements are never sent to us. Only the video you choose to publish, or the live stream you choose to broadcast, leaves your device. We do not record live streams.',
        'We do not use advertising trackers or sell your information, and we do not buy information about you from others.',
      ],
    },
    {
      id: 'event-log',
      heading: '3. How we keep records: the event log',
      blocks: [
        'MyWorld is built on an append-only event log. Every action on the service, such as registering, posting, liking, viewing, sending a message, filing a report or paying for a gift, is stored as an event: a record of what happened, when, and who did it. Events are added, never edited in place.',
        'Everything you see in the app (feeds, profiles, search results, creator analytics, recommendations and the moderation queue) is a read model: a view computed from the event log, which we can rebuild from the log at any time.',
        'This design gives creators accurate analytics over time and gives moderators a complete timeline of every report, and it means that an edit or a deletion is recorded as a new event rather than overwriting the old one. Sections 6 and 7 explain what that means for how long information is kept and for deleting your account.',
      ],
    },
    {
      id: 'how-we-use',
      heading: '4. How we use it',
      blocks: [
        {
          list: [
            {
              term: 'To run the service',
              text: 'showing your posts, videos, stories and streams to the people they are meant for, delivering messages, and processing gifts. (Necessary to provide the service you signed up for.)',
            },
            {
              term: 'To personalise',
              text: 'ranking your home feed and recommending videos, creators and streams from what you watch, like and follow and the categories you prefer. Recommendations come with their reasons, such as "Trending" or a category you like.',
            },
            {
              term: 'For creator analytics',
              text: 'showing creators totals for their own content: views, likes, comments, shares, engagement, gifts, and their audience by device class, country and age group. Analytics are aggregated: they show totals, never which individual viewer watched a video.',
            },
            {
              term: 'To keep people safe',
              text: 'reviewing reports, removing content that breaks our Terms of Service, auditing moderation decisions, and preventing spam, fraud and abuse.',
            },
            {
              term: 'To contact you',
              text: 'sending email verification, password reset and other service emails. We do not send marketing email.',
            },
            { term: 'To meet legal duties', text: 'keeping payment records and answering lawful requests.' },
          ],
        },
      ],
    },
    {
      id: 'who-sees-what',
      heading: '5. Who can see your information',
      blocks: [
        {
          list: [
            {
              term: 'Everyone on MyWorld',
              text: 'your username, name, profile, posts, videos, live streams, stream chat and comments, and (unless you hide them) your view and like counts, streak and join date. Stories are visible for 24 hours.',
            },
            {
              term: 'The people you message',
              text: 'your direct messages are visible only to you and the recipient, unless one of you reports a message to our moderators.',
            },
            {
              term: 'Creators',
              text: "a story's author sees who viewed it while it is up; a streamer sees the username of each signed-in viewer who joins, and the gifts you send with your gift message.",
            },
            {
              term: 'Our staff',
              text: 'moderators see reported content and its report timeline; analysts work with the event history to improve the service and produce aggregated insights. Access is limited by role.',
            },
            {
              term: 'Service providers',
              text: 'Stripe processes payments under its own privacy policy; our hosting, media storage and email providers process information only on our instructions.',
            },
            {
              term: 'Authorities',
              text: 'when the law of {jurisdiction} or a valid legal order requires it, or to protect someone from serious harm.',
            },
          ],
        },
      ],
    },
    {
      id: 'retention',
      heading: '6. How long we keep information',
      blocks: [
        {
          list: [
            {
              term: 'The event log',
              text: 'is kept for as long as MyWorld operates, because it is the record every view of the service is built from. While your account exists, your events stay in it; when you delete your account, your personal fields in it become permanently unreadable (section 7).',
            },
            {
              term: 'Deleted posts, videos and comments',
              text: 'disappear from every feed, profile and search result as soon as you delete them. The original event stays in the log, where only authorised staff can reach it for moderation, audit and legal purposes, until your account is deleted.',
            },
            {
              term: 'Stories',
              text: 'are shown for 24 hours. When a story expires, its photo or video file is deleted; the log keeps only the fact that the story existed.',
            },
            { term: 'Sessions', text: 'end when you log out, or after 30 days.' },
            {
              term: 'Service emails',
              text: 'the queue that sends them forgets a delivered email after 7 days and a failed one after 28 days.',
            },
            {
              term: 'Payment records',
              text: 'are kept for as long as tax and accounting law requires, in the minimum form needed; Stripe keeps its own records under its policy.',
            },
          ],
        },
      ],
    },
    {
      id: 'account-deletion',
      heading: '7. Deleting your account',
      blocks: [
        'You can delete your account at any time; you confirm the request with your password. If you can no longer sign in, write to {privacyEmail} from the email address on the account. Deletion is immediate and cannot be undone:',
        {
          list: [
            'An "account deleted" event is added to the log.',
            'Your profile, posts, videos, stories, comments and other content are removed from every feed, profile, search result, recommendation and analytics view.',
            "Your personal fields in the log (such as your name, email address, date of birth, password hash and what you wrote) are stored encrypted with a key that belongs to your account alone. On deletion we destroy that key. This is called crypto-shredding: the log itself is never altered, but those fields can no longer be read by anyone, including us, and rebuilding the app's views from the log cannot bring them back.",
            'Every session you have is ended, so you are signed out on all devices.',
            'Your username is released 30 days after deletion; until then nobody else can register it, which protects your followers from impersonation.',
          ],
        },
        "What remains is not about you as a person: anonymous facts such as a like that still counts in another creator's totals, payment records we must keep by law, and moderation decisions kept in anonymised form so the audit trail stays complete.",
        'The photo and video files you uploaded (pictures, backgrounds, post photos, videos, stories, and uploads you never used) stop being served at once and are deleted from our storage within about a minute, with every resized copy made of them. The same happens to the files of a post you delete. Copies in our backups expire with those backups.',
      ],
    },
    {
      id: 'your-rights',
      heading: '8. Your choices and rights',
      blocks: [
        {
          list: [
            {
              term: 'See and correct',
              text: 'your profile and settings are editable in the app, and so is your email address (the change takes effect once you follow the link we send to the new address, and the old address is told); ask {privacyEmail} for a copy of the information we hold about you.',
            },
            {
              term: 'Limit what others see',
              text: 'hide your view and like counts, or your streak and join date, in your privacy settings.',
            },
            { term: 'Delete', text: 'delete individual posts, or your whole account (section 7).' },
            {
              term: 'Object or complain',
              text: 'object to a use of your information by writing to {privacyEmail}, or complain to the data protection authority in {jurisdiction} or where you live.',
            },
          ],
        },
        'We answer requests within 30 days and may ask you to confirm that the account is yours.',
      ],
    },
    {
      id: 'children',
      heading: '9. Children',
      blocks: [
        'You must be at least 13 years old to use MyWorld, and users under 18 need the consent of a parent or guardian. We ask for your date of birth at registration to apply this rule. If we learn that an account belongs to someone under 13, we delete it. A parent or guardian who believes their child has an account can write to {privacyEmail}.',
      ],
    },
    {
      id: 'security',
      heading: '10. Security',
      blocks: [
        'Passwords are stored only as salted scrypt hashes, the session cookie cannot be read by page scripts, connections are encrypted, card details are handled by Stripe, and personal fields in the log are encrypted per account. No system is perfectly secure; if a breach affects you, we will tell you and the authorities as the law requires.',
      ],
    },
    {
      id: 'changes',
      heading: '11. Changes to this policy',
      blocks: [
        'When we change this policy we update the date at the top, and for significant changes we tell you in the app or by email before they take effect.',
      ],
    },
    {
      id: 'contact',
      heading: '12. Contact',
      blocks: ['Privacy requests: {privacyEmail}', 'General questions: {contactEmail}', 'Post: {businessAddress}'],
    },
  ],
};
