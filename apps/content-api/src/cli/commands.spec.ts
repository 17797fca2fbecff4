// Issue 35: the command table names, for each command, the group that loads it lazily; each
// group runs exactly the commands the table sends it.
import { COMMAND_GROUPS } from './commands';

it('sends every command to a group that runs it, and every group command is in the table', async () => {
  const groups = new Map<unknown, string[]>();
  for (const [name, load] of Object.entries(COMMAND_GROUPS)) {
    groups.set(load, [...(groups.get(load) ?? []), name]);
  }
  for (const [load, names] of groups) {
    const group = await (load as (typeof COMMAND_GROUPS)[string])();
    expect(Object.keys(group.commands).sort()).toEqual(names.sort());
    expect(group.modules.length).toBeGreaterThan(0);
  }
});
