import type {ReactNode} from 'react';
import {builtInRoles, permissions, permissionsOf} from '@site/src/data/organization';

/**
 * Which permission each built-in role grants, from `src/data/organization.ts`:
 * `<RoleTable />`. One row per permission, one column per role.
 */
export default function RoleTable(): ReactNode {
  const granted = new Map(builtInRoles.map((role) => [role.name, new Set(permissionsOf(role.policies))]));
  return (
    <table>
      <thead>
        <tr>
          <th>Permission</th>
          {builtInRoles.map((role) => (
            <th key={role.name}>{role.name}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {permissions.map((permission) => (
          <tr key={permission.name}>
            <td>
              <code>{permission.name}</code>
            </td>
            {builtInRoles.map((role) => (
              <td key={role.name} aria-label={granted.get(role.name)!.has(permission.name) ? 'granted' : 'not granted'}>
                {granted.get(role.name)!.has(permission.name) ? '✓' : '–'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
