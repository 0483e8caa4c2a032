/**
 * Phone rules on the hot paths: a contact import normalises every row's number, and every list formats every
 * number it shows. libphonenumber's `max` metadata checks validity fully, at a cost this measures.
 */
import { Bench } from 'tinybench';
import {
  formatPhone,
  isTollFree,
  isValidVanity,
  normalizeConversationSearch,
  normalizePhone,
} from '../shared/domain/index';

const inputs = [
  '(201) 555-0123',
  '+44 20 7946 0958',
  '416-555-0199',
  '5551234',
  '1-800-FLOWERS',
  'not a number',
];
let i = 0;
const next = () => inputs[i++ % inputs.length] as string;

const bench = new Bench({ time: 1000, warmupTime: 200 });
bench
  .add('normalizePhone (mixed valid/invalid)', () => normalizePhone(next()))
  .add('formatPhone AUTO', () => formatPhone(next()))
  .add('isTollFree', () => isTollFree(next()))
  .add('isValidVanity', () => isValidVanity(next()))
  .add('normalizeConversationSearch', () => normalizeConversationSearch(next()));

await bench.run();
console.table(
  bench.tasks.map((task) => {
    const result = task.result as
      | { throughput?: { mean: number }; latency?: { p50?: number; p99?: number } }
      | undefined;
    return {
      task: task.name,
      'ops/s': Math.round(result?.throughput?.mean ?? 0),
      'p50 µs': ((result?.latency?.p50 ?? 0) * 1000).toFixed(2),
      'p99 µs': ((result?.latency?.p99 ?? 0) * 1000).toFixed(2),
    };
  }),
);
const rowsPerSecond = Math.round(
  bench.tasks[0]?.result && 'throughput' in bench.tasks[0].result ? bench.tasks[0].result.throughput.mean : 0,
);
console.log(
  `A 10,000-row contact import spends about ${(10_000 / rowsPerSecond).toFixed(2)} s normalising numbers.`,
);
