// ZIP download of 2,000 receipts of about 100 KB (POST /periods/zip, store mode) against the API
// in its own process, compared with `zip -0` archiving the same files in the same run. Prints the
// throughput of both, their ratio, and the API process's memory: resident before the downloads
// and at its peak during them. It prints figures; it never passes or fails on time.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { apiProcessEnv } from '../scripts/lib/run.mjs';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 2000);
const DOCUMENT_KB = Number(process.env.BENCH_DOCUMENT_KB ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SERVICE_POINTS = Number(process.env.BENCH_SERVICE_POINTS ?? 20);

type Ready = { port: number; token: string; documents: number; bytes: number; storageDir: string };

const MiB = 1024 * 1024;
const mbPerSecond = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** A field of /proc/<pid>/status in bytes (VmRSS: resident now; VmHWM: resident peak). */
async function procMemory(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the peak (VmHWM) to the current resident size, so the peak measured is the downloads' own. */
async function resetPeak(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function startApi(dataDir: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'periods-zip-server.ts'], {
    cwd: import.meta.dirname,
    env: apiProcessEnv({
      ...process.env,
      BENCH_DATA_DIR: dataDir,
      BENCH_DOCUMENTS: String(DOCUMENTS),
      BENCH_DOCUMENT_KB: String(DOCUMENT_KB),
      BENCH_SERVICE_POINTS: String(SERVICE_POINTS),
    }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as Readable });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The API process ended early (${code})`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as Ready));
  });
  return { child, ready };
}

/** Entries and total uncompressed bytes of an archive, read from its central directory by yauzl. */
function zipContents(path: string): Promise<{ entries: number; bytes: number; stored: boolean }> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      let entries = 0;
      let bytes = 0;
      let stored = true;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) {
          entries += 1;
          bytes += entry.uncompressedSize;
          stored &&= entry.compressionMethod === 0;
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve({ entries, bytes, stored }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Whether curl is installed: the download is then made by it, as `zip -0` is a native tool too. */
const curlInstalled = (() => {
  const probe = spawnSync('curl', ['--version'], { stdio: 'ignore' });
  return !probe.error && probe.status === 0;
})();

/**
 * POST /periods/zip into `archive`, timed from the request to the last byte written: by curl when
 * installed (Node's own clients were the bottleneck: fetch and http.request took 570–770 ms for
 * what curl received in 320–420 ms on the same server), else by fetch.
 */
async function download(ready: Ready, archive: string): Promise<{ firstByteMs: number; totalMs: number }> {
  const url = `http://127.0.0.1:${ready.port}/api/v1/periods/zip`;
  const body = JSON.stringify({ download_type: -1 });
  const started = performance.now();
  if (curlInstalled) {
    const curl = spawn(
      'curl',
      [
        '-sS',
        '--fail',
        '-o',
        archive,
        '-w',
        '%{time_starttransfer}',
        '-X',
        'POST',
        url,
        '-H',
        `authorization: Bearer ${ready.token}`,
        '-H',
        'content-type: application/json',
        '--data',
        body,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let written = '';
    curl.stdout?.on('data', (chunk) => {
      written += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => curl.once('exit', resolve));
    if (code !== 0) throw new Error(`curl POST /periods/zip failed (${code})`);
    return { firstByteMs: Number(written) * 1000, totalMs: performance.now() - started };
  }
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json' },
    body,
  });
  if (!response.ok || !response.body) throw new Error(`POST /periods/zip answered ${response.status}`);
  const stream = Readable.fromWeb(response.body);
  let firstByteMs = 0;
  stream.once('data', () => {
    firstByteMs = performance.now() - started;
  });
  await pipeline(stream, createWriteStream(archive));
  return { firstByteMs, totalMs: performance.now() - started };
}

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'luz-bench-zip-'));
  console.info(`Preparando ${DOCUMENTS} documentos de ~${DOCUMENT_KB} KB en un proceso de la API…`);
  const { child, ready } = await startApi(join(workDir, 'api'));
  const pid = child.pid as number;
  try {
    const rssBefore = await procMemory(pid, 'VmRSS');
    // Each download's own peak above what the process held just before it: the first one also
    // pays what is made once (the file reader's thread, the database's grown memory).
    let sampledPeak = rssBefore ?? 0;
    const sampler = setInterval(async () => {
      sampledPeak = Math.max(sampledPeak, (await procMemory(pid, 'VmRSS')) ?? 0);
    }, 10);
    let peakReset = false;
    let peak = rssBefore ?? 0;
    const rises: number[] = [];

    const luzTimes: number[] = [];
    const firstBytes: number[] = [];
    const meanwhile: number[] = [];
    let archiveBytes = 0;
    const archive = join(workDir, 'luz.zip');
    for (let run = 0; run < RUNS; run += 1) {
      // Another user's requests while the export runs: GET /users/me every 50 ms.
      let exporting = true;
      const probe = (async () => {
        while (exporting) {
          const sent = performance.now();
          await fetch(`http://127.0.0.1:${ready.port}/api/v1/users/me`, {
            headers: { authorization: `Bearer ${ready.token}` },
          }).then((answer) => answer.arrayBuffer());
          meanwhile.push(performance.now() - sent);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const runBefore = (await procMemory(pid, 'VmRSS')) ?? 0;
      peakReset = await resetPeak(pid);
      sampledPeak = runBefore;
      const { firstByteMs, totalMs } = await download(ready, archive);
      const runPeak = Math.max(sampledPeak, (peakReset ? await procMemory(pid, 'VmHWM') : null) ?? 0);
      rises.push(runPeak - runBefore);
      peak = Math.max(peak, runPeak);
      firstBytes.push(firstByteMs);
      luzTimes.push(totalMs);
      exporting = false;
      await probe;
      archiveBytes = (await stat(archive)).size;
    }
    clearInterval(sampler);
    const contents = await zipContents(archive);
    if (contents.entries !== ready.documents || contents.bytes !== ready.bytes || !contents.stored)
      throw new Error(`The archive does not hold the documents: ${JSON.stringify(contents)}`);

    // Another reader than the one of the tests: Info-ZIP's own check of every entry's CRC.
    const unzipCheck = spawnSync('unzip', ['-tqq', archive], { encoding: 'utf8' });
    const unzipVerdict = unzipCheck.error
      ? 'unzip no está instalado'
      : unzipCheck.status === 0
        ? 'sin errores'
        : `con errores (${unzipCheck.status}): ${unzipCheck.stdout}${unzipCheck.stderr}`;

    const luzMs = median(luzTimes);
    const luzRate = mbPerSecond(ready.bytes, luzMs);
    console.info('');
    console.info(
      `Documentos: ${ready.documents} · datos: ${(ready.bytes / MiB).toFixed(1)} MiB · ZIP: ${(archiveBytes / MiB).toFixed(1)} MiB (store) · unzip -t: ${unzipVerdict}`,
    );
    console.info(
      `Luz POST /periods/zip (${curlInstalled ? 'curl' : 'fetch'} a disco): ${luzTimes.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} → mediana ${luzMs.toFixed(0)} ms, ${luzRate.toFixed(1)} MB/s`,
    );

    console.info(
      `Primer byte: mediana ${median(firstBytes).toFixed(0)} ms · GET /users/me durante la descarga: mediana ${median(meanwhile).toFixed(0)} ms, máximo ${Math.max(...meanwhile).toFixed(0)} ms (${meanwhile.length} peticiones) · carga ${loadavg()[0]?.toFixed(2)}`,
    );

    const zipBinary = spawnSync('zip', ['-v'], { stdio: 'ignore' });
    if (zipBinary.error || zipBinary.status !== 0) {
      console.info('zip -0: omitido (el comando `zip` no está instalado; en Debian: apt-get install zip)');
    } else {
      const zipTimes: number[] = [];
      const reference = join(workDir, 'zip0.zip');
      for (let run = 0; run < RUNS; run += 1) {
        await rm(reference, { force: true });
        const started = performance.now();
        const result = spawnSync('zip', ['-0', '-q', '-r', '-X', reference, '.'], { cwd: ready.storageDir });
        if (result.status !== 0) throw new Error(`zip -0 failed: ${result.stderr}`);
        zipTimes.push(performance.now() - started);
      }
      const zipMs = median(zipTimes);
      const zipRate = mbPerSecond(ready.bytes, zipMs);
      console.info(
        `zip -0 (mismos archivos, a disco): ${zipTimes.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} → mediana ${zipMs.toFixed(0)} ms, ${zipRate.toFixed(1)} MB/s`,
      );
      console.info(
        `Razón Luz / zip -0: ${(luzRate / zipRate).toFixed(2)} · carga ${loadavg()[0]?.toFixed(2)}`,
      );
    }
    const mib = (value: number | null) => (value === null ? 'n/d' : `${(value / MiB).toFixed(1)} MiB`);
    console.info(
      `Memoria del proceso de la API: residente antes ${mib(rssBefore)} · pico durante las descargas ${mib(peak)}` +
        ` (${peakReset ? 'VmHWM reiniciado antes de cada descarga' : 'muestreo de VmRSS cada 10 ms'}) · aumento ${mib(peak - (rssBefore ?? 0))}` +
        ` para ${(ready.bytes / MiB).toFixed(0)} MiB servidos · aumento de cada descarga sobre lo que había antes de ella: ${rises.map(mib).join(', ')}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
