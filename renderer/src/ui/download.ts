/** How a CSV file is asked of the API: as text, CSV preferred (a refusal still answers JSON). */
export const CSV_ANSWER = {
  responseType: 'text',
  headers: { Accept: 'text/csv, application/json' },
} as const;

/** Hands text (a CSV export or report) to the browser as a file download: a Blob behind a temporary `<a download>`. */
export function saveTextFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the Blob only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
