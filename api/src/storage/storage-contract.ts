import { randomBytes } from 'node:crypto';
import { buffer, text } from 'node:stream/consumers';
import { DocumentReadError, type DocumentStorage, documentKey } from './document-storage';

/**
 * What every adapter of `DocumentStorage` must do, as jest tests: the local folder and the S3
 * adapter run the same ones, so the sync engine and the downloads can rely on either.
 */
export function documentStorageContract(storage: () => DocumentStorage) {
  test('stores, streams, replaces and deletes documents by key', async () => {
    const key = documentKey('u1', 'r1', 'p1', 'xml');
    expect(await storage().exists(key)).toBe(false);
    await storage().put(key, Buffer.from('<a/>'), 'application/xml');
    expect(await storage().exists(key)).toBe(true);
    await storage().put(key, Buffer.from('<b/>'), 'application/xml');
    expect(await text(await storage().get(key))).toBe('<b/>');
    await storage().delete(key);
    expect(await storage().exists(key)).toBe(false);
    await expect(storage().get(key)).rejects.toThrow();
    // Deleting what is not there is not an error (a step repeated after a crash).
    await storage().delete(key);
  });

  test('keeps binary content byte for byte, streamed in chunks', async () => {
    const key = documentKey('u1', 'r1', 'p2', 'pdf');
    const body = randomBytes(3 * 1024 * 1024 + 17);
    await storage().put(key, body, 'application/pdf');
    const stream = await storage().get(key);
    let chunks = 0;
    stream.on('data', () => {
      chunks += 1;
    });
    expect((await buffer(stream)).equals(body)).toBe(true);
    expect(chunks).toBeGreaterThan(1);
    expect((await storage().read(key)).equals(body)).toBe(true);
  });

  test('reads an object whole, fails for a missing one, and stops when aborted', async () => {
    const key = documentKey('u1', 'r1', 'p3', 'xml');
    await storage().put(key, Buffer.from('<c/>'), 'application/xml');
    expect((await storage().read(key)).toString()).toBe('<c/>');
    await expect(storage().read(documentKey('u1', 'r1', 'absent', 'xml'))).rejects.toThrow();
    await expect(storage().read(key, AbortSignal.abort())).rejects.toThrow();
    await expect(storage().read('../x')).rejects.toThrow(/Unsafe/);
  });

  test('reads many objects in one call, in the order asked, and fails naming a missing one', async () => {
    const keys = Array.from({ length: 40 }, (_, index) => documentKey('u2', 'r2', `p${index}`, 'xml'));
    await Promise.all(
      keys.map((key, index) => storage().put(key, Buffer.from(`<r n="${index}"/>`), 'application/xml')),
    );
    const read = await storage().readMany([...keys].reverse());
    expect(read.map((body) => body.toString())).toEqual(
      keys.map((_, index) => `<r n="${index}"/>`).reverse(),
    );
    expect(await storage().readMany([])).toEqual([]);

    const missing = documentKey('u2', 'r2', 'absent', 'xml');
    const failure = await storage()
      .readMany([...keys.slice(0, 20), missing, ...keys.slice(20)])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DocumentReadError);
    expect(failure).toMatchObject({ key: missing, message: expect.stringContaining(missing) });
    await expect(storage().readMany(keys, AbortSignal.abort())).rejects.toThrow();
  });

  test('refuses keys that could leave their place', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', './x', 'a\\b', '']) {
      await expect(storage().put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
      await expect(storage().get(key)).rejects.toThrow(/Unsafe/);
    }
  });
}
