/** The register has one Dropbox connection: its entries share one target, so its history is one filter. */
export const DROPBOX_AUDIT_TARGET = { type: 'cloud-storage', id: 'dropbox', label: 'Dropbox' } as const;

/** How a Dropbox connection was made, in the trail's words. */
export type DropboxAuditMethod = 'oauth' | 'pasted token';

/** The connected account as the trail names it: "Name <e-mail>", either alone, or null when Dropbox did not say. */
export function dropboxAccountLabel(account: { name?: string | null; email?: string | null } | null | undefined): string | null {
  const name = account?.name?.trim() || null;
  const email = account?.email?.trim() || null;
  if (name && email) return `${name} <${email}>`;
  return name ?? email;
}
