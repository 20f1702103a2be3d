/** An unread count as a badge shows it: "99+" above 99 (a badge has room for two digits and a plus). */
export function unreadLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}
