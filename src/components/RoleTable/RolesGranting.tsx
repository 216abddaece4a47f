import type {ReactNode} from 'react';
import {permissions, rolesGranting} from '@site/src/data/organization';

/**
 * The built-in roles that hold a permission, from `src/data/organization.ts`, as prose:
 * `<RolesGranting permission="billing:write" />` renders "`Owner` and `Billing`". Pages
 * name who may do something with it instead of typing role names that can drift.
 */
export default function RolesGranting({permission}: {permission: string}): ReactNode {
  if (!permissions.some((p) => p.name === permission)) {
    throw new Error(`<RolesGranting permission="${permission}" />: no such permission; known: ${permissions.map((p) => p.name).join(', ')}`);
  }
  const roles = rolesGranting(permission);
  if (roles.length === 0) return 'no built-in role';
  return (
    <span>
      {roles.map((role, i) => (
        <span key={role}>
          {i === 0 ? '' : i === roles.length - 1 ? ' and ' : ', '}
          <code>{role}</code>
        </span>
      ))}
    </span>
  );
}
