/** The product plays videos, and shows their posters, at most 720 lines high. */
export const MAX_VIDEO_HEIGHT = 720;

/**
 * ffmpeg's scale filter for that: height at most 720 and even (4:2:0 H.264 needs even sizes, so
 * an odd-height source would make x264 fail), width from the aspect ratio rounded to even.
 * ffmpeg applies a phone video's rotation before this filter, so "height" is the displayed one.
 */
export const SCALE_TO_MAX_HEIGHT = `scale=-2:'min(${MAX_VIDEO_HEIGHT},trunc(ih/2)*2)'`;
