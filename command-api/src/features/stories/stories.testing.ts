/**
 * For tests: POST /api/stories' multipart body as a browser's FormData sends it (serialized by
 * Node's own fetch implementation), as a payload and its content-type with the boundary.
 */
export async function storyFormBody(
  fields: Record<string, string>,
  file?: { bytes: Buffer; name?: string; type?: string; field?: string; first?: boolean },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  const appendFile = () =>
    file &&
    form.append(
      file.field ?? 'media',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name ?? 'upload.bin',
    );
  if (file?.first) appendFile();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file && !file.first) appendFile();
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
