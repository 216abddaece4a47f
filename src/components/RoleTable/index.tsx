import type {ReactNode} from 'react';
import DataTable from '@site/src/components/DataTable';
import {builtInRoles, permissions, permissionsOf, type BuiltInRoleFact, type PermissionFact} from '@site/src/data/organization';

/**
 * The built-in roles, from `src/data/organization.ts`. `<RoleTable />`: which permission
 * each role grants, one row per permission and one column per role. `<RoleTable roles />`:
 * one row per role, with its id, what it is for and its policies.
 */
export default function RoleTable({roles = false}: {roles?: boolean}): ReactNode {
  if (roles) {
    return (
      <DataTable<BuiltInRoleFact>
        rows={builtInRoles}
        rowKey={(r) => r.name}
        columns={[
          {header: 'Role', cell: (r) => r.name},
          {header: <code>id</code>, cell: (r) => r.id},
          {header: 'For', cell: (r) => r.description},
          {
            header: 'Policies',
            cell: (r) =>
              r.policies.map((name, i) => (
                <span key={name}>
                  {i > 0 && ', '}
                  <code>{name}</code>
                </span>
              )),
          },
        ]}
      />
    );
  }
  const granted = new Map(builtInRoles.map((role) => [role.name, new Set(permissionsOf(role.policies))]));
  return (
    <DataTable<PermissionFact>
      rows={permissions}
      rowKey={(p) => p.name}
      columns={[
        {key: 'permission', header: 'Permission', cell: (p) => <code>{p.name}</code>},
        ...builtInRoles.map((role) => ({
          key: role.name,
          header: role.name,
          cell: (p: PermissionFact) =>
            granted.get(role.name)!.has(p.name) ? (
              <span role="img" aria-label="granted">
                ✓
              </span>
            ) : (
              <span role="img" aria-label="not granted">
                –
              </span>
            ),
        })),
      ]}
    />
  );
}
