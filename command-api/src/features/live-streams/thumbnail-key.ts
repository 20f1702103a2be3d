/**
 * Where a stream's thumbnail is stored: one key per stream, so each new frame replaces the last
 * one in the store itself (a PUT is atomic). Nothing is left to clean up when a frame is
 * superseded, and a frame stored whose event then failed (the stream ended meanwhile) leaves no
 * orphan either. Browsers cannot write here (uploads live under `uploads/`).
 */
export const streamThumbnailKey = (streamId: string) => `live-streams/${streamId}/thumbnail`;
