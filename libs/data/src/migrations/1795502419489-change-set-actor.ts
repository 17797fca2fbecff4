import { AddColumnsMigration } from './ddl';

/**
 * Issue 24: who published a change set (the audit actor of POST /change-sets/{id}/publish), so
 * the worker that publishes it later records each staged publish as that actor's write.
 */
export class ChangeSetActor1795502419489 extends AddColumnsMigration {
  name = 'ChangeSetActor1795502419489';

  protected columns = {
    change_sets: { publish_actor: 'JSON NULL' },
  };
}
