import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerDifferences } from './real-openim/compare';
import type { RawAnswer } from './real-openim/deployment';
import { normalise } from './real-openim/normalise';
import { RECORDINGS_DIR, recording, recordingIndex } from './real-openim/recordings';

type Json = Record<string, unknown>;
const copy = (answer: RawAnswer): RawAnswer => JSON.parse(JSON.stringify(answer)) as RawAnswer;
const body = (answer: RawAnswer): Json => answer.body as Json;
const data = (answer: RawAnswer): Json => body(answer)['data'] as Json;

// The differential test (real-openim.compat.test.ts) is only as good as its comparison: a recorded field
// changed in any of these ways must be reported.
describe('the comparison of an answer with its recording', () => {
  it('finds nothing between a recording and itself', () => {
    for (const name of recordingIndex().exchanges) {
      const r = recording(name).response;
      expect(answerDifferences(r, copy(r)), name).toEqual([]);
    }
  });

  it('reports a changed HTTP status, media type or plain-text body', () => {
    const notFound = recording('chat-user-search-fuzzy').response;
    expect(answerDifferences(notFound, { ...copy(notFound), status: 200 })).toHaveLength(1);
    expect(answerDifferences(notFound, { ...copy(notFound), contentType: 'application/json' })).toHaveLength(
      1,
    );
    expect(answerDifferences(notFound, { ...copy(notFound), body: '404 not found' })).toHaveLength(1);
  });

  it('reports a changed errCode, errMsg or errDlt', () => {
    const empty = recording('im-sorted-conversations-empty').response;
    for (const [field, value] of [
      ['errCode', 1005],
      ['errMsg', 'RecordNotFound'],
      ['errDlt', 'changed'],
    ] as const) {
      const changed = copy(empty);
      body(changed)[field] = value;
      expect(answerDifferences(empty, changed), field).toEqual([expect.stringContaining(field)]);
    }
  });

  it('reports a renamed, missing or added key, a changed value type and a changed list length', () => {
    const list = recording('im-sorted-conversations').response;
    const renamed = copy(list);
    const d = data(renamed);
    d['conversations'] = d['conversationElems'];
    delete d['conversationElems'];
    expect(answerDifferences(list, renamed)).toEqual([
      'body.data.conversationElems: recorded, missing now',
      'body.data.conversations: not recorded, present now',
    ]);

    const retyped = copy(list);
    const elem = (data(retyped)['conversationElems'] as Json[])[0]!;
    elem['IsPinned'] = 0;
    expect(answerDifferences(list, retyped)).toEqual([
      'body.data.conversationElems[0].IsPinned: boolean recorded, number now',
    ]);

    const longer = copy(list);
    const elems = data(longer)['conversationElems'] as Json[];
    elems.push(elems[0]!);
    expect(answerDifferences(list, longer)).toEqual([
      'body.data.conversationElems: 1 elements recorded, 2 now',
    ]);

    const nulled = recording('im-groups-info-unknown').response;
    const emptied = copy(nulled);
    data(emptied)['groupInfos'] = [];
    expect(answerDifferences(nulled, emptied)).toEqual(['body.data.groupInfos: null recorded, array now']);
  });

  it('every recording is listed, and every listed one is there', () => {
    const files = readdirSync(RECORDINGS_DIR)
      .filter((f) => f.endsWith('.json') && f !== 'index.json')
      .map((f) => f.slice(0, -'.json'.length));
    expect([...files].sort()).toEqual([...recordingIndex().exchanges].sort());
  });

  it("names a run's ids and tokens wherever they occur, keys included", () => {
    const subs = new Map([
      ['alice.userID', '4436918385'],
      ['conversation', 'si_4436918385_5868326478'],
    ]);
    expect(
      normalise({ msgs: { si_4436918385_5868326478: { sendID: '4436918385', token: 'eyJa.eyJb.c' } } }, subs),
    ).toEqual({ msgs: { '{conversation}': { sendID: '{alice.userID}', token: '{jwt}' } } });
  });
});
