/**
 * A checked CSV import waiting for the admin's go-ahead: the file's text is kept in the photo
 * store (disk or bucket, shared by every instance of the shop) between the check and the import,
 * so the page does not carry megabytes of CSV back and forth. One draft per admin: a new check
 * replaces the previous one; the import removes it.
 */
import { randomUUID } from 'node:crypto';
import { photoStore } from './photo-store.ts';

type StoreEnv = Parameters<typeof photoStore>[0];
const ID = /^[0-9a-f-]{36}$/;
const folder = (adminId: string) => `imports/${adminId.toLowerCase().replace(/[^0-9a-z-]/g, '')}/`;

/**
 * Keeps a checked CSV file for its admin, replacing their previous draft.
 * @returns the draft's id (a UUID), for the import form.
 */
export async function saveImportDraft(env: StoreEnv, adminId: string, text: string): Promise<string> {
  const store = photoStore(env);
  await store.removePrefix(folder(adminId));
  const id = randomUUID();
  await store.put(`${folder(adminId)}${id}.csv`, Buffer.from(text, 'utf8'), 'text/csv; charset=utf-8');
  return id;
}

/** The text of an admin's draft, or null when it is unknown (never checked, imported, or replaced). */
export async function readImportDraft(env: StoreEnv, adminId: string, id: string): Promise<string | null> {
  if (!ID.test(id)) return null;
  const body = await photoStore(env).get(`${folder(adminId)}${id}.csv`);
  return body ? body.toString('utf8') : null;
}

/** Removes an admin's drafts (after the import). */
export async function removeImportDrafts(env: StoreEnv, adminId: string): Promise<void> {
  await photoStore(env).removePrefix(folder(adminId));
}
