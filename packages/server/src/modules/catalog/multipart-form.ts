import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from '../../platform/app-error';
import { megabytes } from './image-library';

/** Text parts of an upload (the image's name) and their size: the calls take one or two short fields. */
export const FORM_MAX_FIELDS = 5;
export const FORM_MAX_FIELD_BYTES = 1000;

/**
 * multipart/form-data for the scope's calls, read into the body the contract expects: `{file: {filename,
 * mimetype, data}, name: '…'}`. Every limit answers its own rcode and message instead of a generic fault: a
 * second file, too many fields, a field or a file over its size, a body that is not a readable form. A missing
 * file is the call's own refusal (FILE_MISSING).
 */
export async function multipartForm(scope: FastifyInstance, maxFileBytes: number): Promise<void> {
  await scope.register(multipart, {
    limits: {
      fileSize: maxFileBytes,
      files: 1,
      fields: FORM_MAX_FIELDS,
      fieldSize: FORM_MAX_FIELD_BYTES,
      parts: FORM_MAX_FIELDS + 1,
    },
    // The file is read below, so that an oversized one answers our message instead of a bare 413.
    throwFileSizeLimit: false,
  });
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const body: Record<string, unknown> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          body[part.fieldname] = await readFile(part, maxFileBytes);
        } else {
          if (part.valueTruncated) {
            throw new AppError(RCODE.UPLOAD_FIELD_TOO_LARGE, {
              field: part.fieldname.slice(0, 50),
              max: FORM_MAX_FIELD_BYTES,
            });
          }
          // A repeated field becomes a list, which the call's schema refuses naming the field.
          const before = body[part.fieldname];
          body[part.fieldname] =
            before === undefined ? part.value : [...(Array.isArray(before) ? before : [before]), part.value];
        }
      }
    } catch (error) {
      throw formRefusal(error, request.log);
    }
    request.body = body;
  });
}

async function readFile(part: MultipartFile, maxFileBytes: number) {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw new AppError(RCODE.FILE_TOO_LARGE, { max: megabytes(maxFileBytes) });
  return { filename: part.filename, mimetype: part.mimetype, data: Buffer.concat(chunks) };
}

/** Limits by their codes (@fastify/multipart); anything else while reading the form is a body we cannot read. */
function formRefusal(error: unknown, log: { info: (o: object, msg: string) => void }): AppError {
  if (error instanceof AppError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new AppError(RCODE.UPLOAD_ONE_FILE);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(RCODE.UPLOAD_TOO_MANY_FIELDS, { max: FORM_MAX_FIELDS });
    default:
      log.info({ err: error }, 'unreadable multipart body');
      return new AppError(RCODE.UPLOAD_MALFORMED);
  }
}
