// The leak checker itself (no browser): it fails on planted leaks in both languages, and quoted text
// (by marker) passes without loosening the patterns.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { leaks, unquote, QUOTED } from './leaks.mjs';

const kinds = (text, lang) => leaks(text, lang).map((l) => `${l.kind}: ${l.found}`);

test('German: the issue\'s leaks are found', () => {
  // German review 1-1, 1-2, 1-3, 1-4, 1-5, 1-6, 1-8.
  assert.deepEqual(kinds('6.0-0021 · Dell · 8 × FP8 · 1,000 W', 'de'), ['English thousands grouping: 1,000']);
  assert.deepEqual(kinds('… · 700 W rated', 'de'), ['word “rated”: rated']);
  assert.deepEqual(kinds('0 bis 600 W per card', 'de'), ['word “per card”: per card']);
  assert.deepEqual(kinds('Ihr eingefügter Text (GPU energy, before the run)', 'de'), [
    'word “GPU energy”: GPU energy',
    'word “before the run”: before the run',
  ]);
  assert.deepEqual(kinds('Energie je Ausgabe-Token: 0.35 J/Token', 'de'), ['decimal point: 0.35']);
  assert.deepEqual(kinds('Energie pro Tag: 403.2 kWh (ceiling)', 'de'), ['decimal point: 403.2', 'word “ceiling”: ceiling']);
  assert.deepEqual(kinds('Configuration 2', 'de'), ['word “Configuration”: Configuration']);
  assert.deepEqual(kinds('Quote request: GPU-Server', 'de'), ['word “Quote request”: Quote request']);
  assert.deepEqual(kinds('12,345,678 Token', 'de'), ['English thousands grouping: 12,345,678']);
});

test('German: German numbers and words pass', () => {
  for (const ok of [
    '0,150 J/Token', '4.800 W', '1.000.000 Token', '62,5 %', '1 W = 3,412141633 BTU/h', '1,13 J/Token',
    'Leistungsgrenze auf 1.000 W gesetzt', 'Messwert · ganzer Server, netzseitig (AC)', 'Offline', 'Token/s',
  ]) {
    assert.deepEqual(kinds(ok, 'de'), [], ok);
  }
});

test('English: German words and numbers are found, English passes', () => {
  assert.deepEqual(kinds('0,5 J/token', 'en'), ['decimal comma: 0,5']);
  assert.deepEqual(kinds('62,5 % of the limit', 'en'), ['decimal comma: 62,5']);
  assert.deepEqual(kinds('Obergrenze der GPU-Boards', 'en'), ['word “Obergrenze”: Obergrenze']);
  assert.deepEqual(kinds('600 W je Karte', 'en'), ['word “je Karte”: je Karte']);
  for (const ok of ['1,000 W', '0.150 J/token', '1,000,000 tokens', '62.5 %', 'Ceiling of the GPU boards', '4,800 W']) {
    assert.deepEqual(kinds(ok, 'en'), [], ok);
  }
});

test('quoted names are exempt by marker, each marker tested, and only they', () => {
  const cases = {
    'MLPerf result id': ['6.0-0021', 'v4.1-0049'],
    'MLPerf system key': ['6.1:NVIDIA/VR-NVL72_VR-288GB_aarch64x72_TRT', '6.1:Dell_AMD/XE7745_8xMI350P_2xEPYC-9455'],
    'MLPerf version': ['v4.1', 'v6.0'],
    'catalogue version': ['2026.12.1'],
    'model name': ['Llama 3.1 8B', 'Llama 2 70B', 'DeepSeek-R1'],
    command: ['`nvidia-smi -q -d POWER`', '`dcgmi dmon -e 155,156`'],
    link: ['http://127.0.0.1:36001/?v=1&card=h200-nvl&watts=450.5&idle=90'],
    'metric name': ['vllm:generation_tokens_total', 'DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION'],
    'standard clause': ['NEC 210.20(A), 215.3', 'NEC 210.20(A) und 215.3', 'IEC 60898-1', 'IEC 61439-1'],
  };
  assert.deepEqual(Object.keys(cases).sort(), QUOTED.map((q) => q.name).sort(), 'every marker has a case');
  for (const [name, examples] of Object.entries(cases)) {
    for (const e of examples) {
      // Without the marker the text would leak; with it, it is gone and the rest still checked.
      assert.equal(unquote(e).trim(), '', `${name}: ${e}`);
      assert.deepEqual(kinds(`Quelle: ${e} bei 0.35 J/Token`, 'de'), ['decimal point: 0.35'], e);
    }
  }
  // The marker removes the name alone: a number next to an id is still read.
  assert.deepEqual(kinds('6.0-0021 · 1,400 W rated', 'de'), ['English thousands grouping: 1,400', 'word “rated”: rated']);
  assert.deepEqual(kinds('v4.1 mit 2.5 kW', 'de'), ['decimal point: 2.5']);
  assert.deepEqual(kinds('Llama 3.1 8B und 3.1 kW', 'de'), ['decimal point: 3.1']);
  assert.deepEqual(kinds('NEC 210.20(A): 17.3 kW', 'de'), ['decimal point: 17.3']);
});

test('a number with its stated significant digits is read against its own value, nothing else is', async () => {
  // The browser side of pageText is exercised in languages.test.mjs; here the rule it relies on: four
  // significant digits of 2.5712 in German are "2,571", which the text rules alone would call a leak.
  const de = new Intl.NumberFormat('de-DE', { minimumSignificantDigits: 4, maximumSignificantDigits: 4 });
  assert.equal(de.format(2.5712), '2,571');
  assert.deepEqual(kinds('2,571', 'de'), ['English thousands grouping: 2,571']);
});
