/** E-mails are compared trimmed and in lower case, so `Ann@X.org ` and `ann@x.org` are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
