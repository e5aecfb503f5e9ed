import { expect, it } from "vitest";
import { PeriodicJob } from "./periodic-job";

/** A job whose passes each wait for the test to let them finish, recording when they started. */
function gatedJob(passAgainIfWoken?: boolean) {
  const releases: (() => void)[] = [];
  let started = 0;
  const job = new PeriodicJob<number>({
    name: "test",
    everyMs: 60_000,
    log: () => {},
    passAgainIfWoken,
    run: () => {
      const pass = ++started;
      return new Promise<number>((resolve) => releases.push(() => resolve(pass)));
    },
  });
  const releaseNext = async () => {
    while (!releases.length) await new Promise((r) => setImmediate(r));
    releases.shift()?.();
  };
  return { job, releaseNext, started: () => started };
}

it("a wake during a pass resolves only after a pass that started after it (work queued meanwhile is seen)", async () => {
  const { job, releaseNext, started } = gatedJob();
  const first = job.wake();
  const woken = job.wake();
  let settled = false;
  void woken.then(() => {
    settled = true;
  });
  await releaseNext();
  expect(await first).toBe(1);
  await new Promise((r) => setImmediate(r));
  expect(settled).toBe(false);
  await releaseNext();
  expect(await woken).toBe(2);
  expect(started()).toBe(2);
});

it("several wakes during one pass share the one pass after it", async () => {
  const { job, releaseNext, started } = gatedJob();
  void job.wake();
  const a = job.wake();
  const b = job.wake();
  await releaseNext();
  await releaseNext();
  expect([await a, await b]).toEqual([2, 2]);
  expect(started()).toBe(2);
});

it("a job that shares its pass answers a wake with the pass in progress", async () => {
  const { job, releaseNext, started } = gatedJob(false);
  const first = job.wake();
  const second = job.wake();
  await releaseNext();
  expect([await first, await second]).toEqual([1, 1]);
  expect(started()).toBe(1);
});

it("stop() cancels a pass queued behind the one in progress; a later wake still runs one", async () => {
  const { job, releaseNext, started } = gatedJob();
  void job.wake();
  const queued = job.wake();
  const stopped = job.stop();
  await releaseNext();
  await stopped;
  expect(await queued).toBeUndefined();
  expect(started()).toBe(1);
  const later = job.wake();
  await releaseNext();
  expect(await later).toBe(2);
});
