import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

type UploadResponse = components['schemas']['UploadResponse'];

/**
 * `POST /api/upload` (spec 001 §7), for every area that sends a file: project images and task attachments, a chat
 * file, a feedback image. The server judges each file by its bytes (10 MB at most) and answers its address,
 * `/api/files/{name}`. openapi-fetch sends a FormData body as it is (the browser sets the multipart boundary).
 */

/** One `file`: its address. */
export async function uploadFile(file: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', file, name);
  const answer: UploadResponse = await unwrap(
    api.POST('/api/upload', { body: form as unknown as { file: string } }),
  );
  const url = answer.fileUrl ?? answer.fileUrls[0];
  if (!url) throw new Error('The upload answered without an address');
  return url;
}

/** Several `files`: their addresses, in the order sent. */
export async function uploadFiles(files: readonly File[]): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const answer: UploadResponse = await unwrap(
    api.POST('/api/upload', { body: form as unknown as { files: string[] } }),
  );
  return answer.fileUrls;
}
