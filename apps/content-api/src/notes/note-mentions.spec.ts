import { mentionedMembers, mentionKind } from './note-mentions';

describe('team-note mentions (issue 38)', () => {
  const ann = { id: 1, name: 'Ann', email: 'ann@example.test' };
  const annLee = { id: 2, name: 'Ann Lee', email: 'lee@example.test' };
  const zoe = { id: 3, name: 'Zoë', email: 'zoe@example.test' };
  const members = [ann, annLee, zoe];

  it('finds @Name case-insensitively, the longest name at each @, once per person', () => {
    expect(mentionedMembers('@ann lee and @Ann, again @ANN LEE', members, 99)).toEqual([
      annLee,
      ann,
    ]);
    expect(mentionedMembers('thanks @zoë!', members, 99)).toEqual([zoe]);
  });

  it('needs a word end after the name and never mentions the author', () => {
    expect(mentionedMembers('@Annabel and ann@example.test', members, 99)).toEqual([]);
    expect(mentionedMembers('note to self @Ann', members, ann.id)).toEqual([]);
    expect(mentionedMembers('no mention here', members, 99)).toEqual([]);
  });

  it('keys the outbox once per note and recipient, within the column', () => {
    expect(mentionKind({ threadId: 4294967295 }, 4294967295)).toBe(
      'mention:t4294967295:u4294967295',
    );
    expect(
      mentionKind({ threadId: 1, replyId: 4294967295 }, 4294967295).length,
    ).toBeLessThanOrEqual(32);
  });
});
