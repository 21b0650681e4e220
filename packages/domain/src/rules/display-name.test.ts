import { describe, expect, it } from 'vitest';
import { conversationDisplayName, groupDisplayName } from './display-name';

describe('§4 Conversations: a conversation is named by its show name, else its id', () => {
  it('a show name wins over both ids, as given', () => {
    expect(conversationDisplayName({ showName: 'Design team', userID: '', groupID: 'g1' })).toBe(
      'Design team',
    );
    expect(conversationDisplayName({ showName: ' Bob ', userID: 'bob', groupID: '' })).toBe(' Bob ');
  });

  it('a one-to-one conversation without a show name is named by the peer user id', () => {
    expect(conversationDisplayName({ showName: '', userID: 'bob', groupID: '' })).toBe('bob');
    expect(conversationDisplayName({ showName: '   ', userID: 'bob', groupID: '' })).toBe('bob');
  });

  it('a group conversation without a show name is named by the group id', () => {
    expect(conversationDisplayName({ showName: '', userID: '', groupID: 'g1' })).toBe('g1');
    expect(conversationDisplayName({ showName: '\t', userID: '', groupID: 'g1' })).toBe('g1');
  });
});

describe('§4 Contacts and groups: a group is named by its name, else its id', () => {
  it('a set group name is shown as given', () => {
    expect(groupDisplayName({ groupID: 'g1', groupName: 'Design team' })).toBe('Design team');
    expect(groupDisplayName({ groupID: 'g1', groupName: ' Ops ' })).toBe(' Ops ');
  });

  it('a missing, empty or blank group name falls back to the group id', () => {
    expect(groupDisplayName({ groupID: 'g1' })).toBe('g1');
    expect(groupDisplayName({ groupID: 'g2', groupName: '' })).toBe('g2');
    expect(groupDisplayName({ groupID: 'g3', groupName: '  ' })).toBe('g3');
  });
});
