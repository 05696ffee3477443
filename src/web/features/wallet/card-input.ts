/** "4242 4242 4242 4242" as the member types it: digits in groups of four, at most 19 digits. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "MM/YY": the slash added after the month. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(text: string): string {
  return text.replace(/\D/g, "").slice(0, 4);
}
