import type { ReactNode } from 'react';
import { NotAllowed } from './NotAllowed';

/**
 * A screen for some roles only: the screen (`children`, rendered only when `allowed`, so its
 * requests are never made for the others) or the notice that the role does not offer it.
 */
export function RoleGuard(props: {
  allowed: boolean;
  title: string;
  detail: string;
  children: ReactNode;
}) {
  if (!props.allowed) return <NotAllowed title={props.title} detail={props.detail} />;
  return <>{props.children}</>;
}
