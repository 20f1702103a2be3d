/** Text made safe to put in HTML (server-rendered pages and emails): the five special characters as entities. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
