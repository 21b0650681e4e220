import { CALL_SIGNAL_CASES } from '../call-signalling.contract';
import { UPLOAD_CASES } from '../file-uploader.contract';
import { LOCAL_SEARCH } from '../im-messages.contract';
import { GROUP_CASES } from '../im-groups.contract';
import { SCENARIO_STEPS } from '../im-scenario.contract';
import { SESSION_CASES } from '../im-session.contract';

/**
 * The deliberately broken fakes in this folder (`<name>.mutant.ts`, each a contract suite run on a fake
 * with one behaviour changed) and the contract cases that must fail because of it. A mutant that passes
 * its suite would mean the contract does not pin that behaviour down.
 */
export const MUTANTS: Readonly<
  Record<string, { readonly change: string; readonly mustFail: readonly string[] }>
> = {
  'session-never-kicks': {
    change: 'the backend keeps every device online (no multi-login kick)',
    mustFail: [SESSION_CASES.kicked],
  },
  'session-accepts-any-token': {
    change: 'the backend accepts any token, revoked or wrong',
    mustFail: [SESSION_CASES.wrongToken, SESSION_CASES.revoked],
  },
  'groups-mute-ignored': {
    change: 'muting a member does nothing',
    mustFail: [GROUP_CASES.muteMember],
  },
  'groups-mute-all-ignored': {
    change: 'mute-all does nothing',
    mustFail: [GROUP_CASES.muteAll],
  },
  'groups-anyone-kicks': {
    change: 'kicking checks no permission',
    mustFail: [GROUP_CASES.permissions],
  },
  'calls-stored': {
    change: 'call signals are sent as ordinary stored messages',
    mustFail: [CALL_SIGNAL_CASES.onlineOnly],
  },
  'uploads-overwrite': {
    change: 'an upload URL depends only on the file name, so a later upload replaces an earlier one',
    mustFail: [UPLOAD_CASES.distinct],
  },
  'search-case-sensitive': {
    change: 'local search matches case-sensitively',
    mustFail: [LOCAL_SEARCH],
  },
  'scenario-silent-revoke': {
    change: 'revoking a message does nothing',
    mustFail: [SCENARIO_STEPS.befriendAndChat],
  },
};

/** The side named in a mutant suite's titles (the checker matches results by file name). */
export function mutantSide(name: string): string {
  return `mutant ${name}`;
}
