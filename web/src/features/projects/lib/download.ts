/** The PDF summary's file name (spec 001 §7): the project's title plus `_project_summary.pdf`. */
export function pdfFileName(title: string): string {
  // Characters no file system takes become underscores; the rest of the title is kept as it is.
  const safe = title.replace(/[/\\:*?"<>|\p{Cc}]/gu, '_').trim();
  return `${safe || 'project'}_project_summary.pdf`;
}
