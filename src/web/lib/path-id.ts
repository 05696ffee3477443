/**
 * The id in an address (`/groups/12`, `/wallet/transactions/7`): plain digits, 1 or more; null when
 * it cannot be a record's (the page then says it is not found, and nothing is asked for it).
 */
export function pathId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}
