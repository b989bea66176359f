/** Money on screen (API.md "Wire format"): integer pence on the wire, shown as pounds with 2 decimals. */

/** Pence shown as pounds with 2 decimals: 1500 → '£15.00', 123456 → '£1,234.56'. */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(pence));
  const pounds = Math.floor(abs / 100).toLocaleString('en-GB');
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}
