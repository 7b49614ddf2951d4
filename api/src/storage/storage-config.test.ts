import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { createDocumentStorage } from './index';
import { LocalDocumentStorage } from './local-storage';
import { S3DocumentStorage } from './s3-storage';

const keys = { SECRET_KEY: 'k'.repeat(32), CREDENTIALS_KEY: 'a'.repeat(64) };
const load = async (env: Record<string, string>) =>
  loadConfig({ ...keys, ...env }, { rootDir: '/srv/luz', cwd: await mkdtemp(join(tmpdir(), 'luz-cfg-')) });

test('by default documents live in DATA_DIR/documents, or in STORAGE_DIR', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'luz-cfg-'));
  expect((await load({ DATA_DIR: dataDir })).storage).toEqual({
    kind: 'local',
    dir: join(dataDir, 'documents'),
  });
  expect((await load({ DATA_DIR: dataDir, STORAGE_DIR: '/var/luz/docs' })).storage).toEqual({
    kind: 'local',
    dir: '/var/luz/docs',
  });
  const storage = await createDocumentStorage((await load({ DATA_DIR: dataDir })).storage);
  expect(storage).toBeInstanceOf(LocalDocumentStorage);
});

test('STORAGE=s3 reads the bucket, endpoint, region, keys, path style and prefix', async () => {
  const config = await load({
    STORAGE: 's3',
    S3_BUCKET: 'recibos',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_REGION: 'mx-central-1',
    S3_ACCESS_KEY_ID: 'AKIAEJEMPLO',
    S3_SECRET_ACCESS_KEY: 'secreto',
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'luz/produccion',
  });
  expect(config.storage).toEqual({
    kind: 's3',
    bucket: 'recibos',
    endpoint: 'http://127.0.0.1:9000',
    region: 'mx-central-1',
    credentials: { accessKeyId: 'AKIAEJEMPLO', secretAccessKey: 'secreto' },
    forcePathStyle: true,
    prefix: 'luz/produccion/',
  });
  const storage = await createDocumentStorage(config.storage);
  expect(storage).toBeInstanceOf(S3DocumentStorage);
  storage.close?.();
});

test('on AWS itself only the bucket is needed: region us-east-1, the default credential chain', async () => {
  expect((await load({ STORAGE: 's3', S3_BUCKET: 'recibos' })).storage).toEqual({
    kind: 's3',
    bucket: 'recibos',
    endpoint: null,
    region: 'us-east-1',
    credentials: null,
    forcePathStyle: false,
    prefix: '',
  });
});

test('incomplete S3 settings stop the start, naming the variable but never its value', async () => {
  await expect(load({ STORAGE: 's3' })).rejects.toThrow(/STORAGE=s3 needs S3_BUCKET/);
  const halfKeys = load({ STORAGE: 's3', S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'muy-secreto' });
  await expect(halfKeys).rejects.toThrow(ConfigError);
  await expect(halfKeys).rejects.toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  await expect(halfKeys).rejects.not.toThrow(/muy-secreto/);
  await expect(load({ STORAGE: 'ftp' })).rejects.toThrow(/STORAGE/);
  await expect(load({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' })).rejects.toThrow(
    /S3_ENDPOINT/,
  );
  await expect(load({ STORAGE: 's3', S3_BUCKET: 'b', S3_PREFIX: '../fuera' })).rejects.toThrow(/S3_PREFIX/);
});
