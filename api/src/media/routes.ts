import { create as contentDisposition } from 'content-disposition';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { notFound } from '../http/errors';
import { operationRoute } from '../http/operation-route';
import { messages } from '../messages';
import { periodDocumentName } from '../periods/file-names';
import { findOwnedDocument } from './service';

/**
 * The types a document is served as. Whatever else a row might say, the browser gets a download
 * it will not render (a stored text/html must never run in our origin).
 */
const servedTypes: Record<string, string> = {
  'application/pdf': 'application/pdf',
  'application/xml': 'application/xml; charset=utf-8',
  'text/xml': 'application/xml; charset=utf-8',
};

const sandboxedDocument = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export async function mediaRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth, storage } = ctx;

  app.route({
    ...operationRoute('getFile', auth),
    handler: async (request, reply) => {
      const document = await findOwnedDocument(db, currentUser(request).id, request.query.file_name);
      if (!document) throw notFound(messages.documentNotFound);

      const etag = `"${document.sha256}"`;
      reply.header('Cache-Control', 'private, no-cache').header('ETag', etag).header('Vary', 'Authorization');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();

      let body: Awaited<ReturnType<typeof storage.get>>;
      try {
        body = await storage.get(document.storageKey);
      } catch (error) {
        // The row outlived its file: the user can do nothing about it, operators must know.
        request.log.error({ err: error, key: document.storageKey }, 'Stored document is missing');
        throw notFound(messages.documentNotFound);
      }
      const contentType = servedTypes[document.contentType.toLowerCase()] ?? 'application/octet-stream';
      const disposition =
        request.query.download || contentType === 'application/octet-stream' ? 'attachment' : 'inline';
      const name = periodDocumentName(
        document.serviceNumber,
        document.initialDate,
        document.finalDate,
        document.kind,
      );
      // An XML file opened in the browser could carry XHTML script and run as a page of our origin:
      // sandboxed, with nothing loadable, it is only displayed. (Chrome refuses to show a sandboxed
      // PDF, and its viewer runs apart from our origin anyway.)
      if (contentType !== 'application/pdf') reply.header('Content-Security-Policy', sandboxedDocument);
      return reply
        .header('Content-Type', contentType)
        .header('Content-Length', document.sizeBytes)
        .header('Content-Disposition', contentDisposition(name, { type: disposition }))
        .send(body);
    },
  });
}
