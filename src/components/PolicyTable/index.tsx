import type {ReactNode} from 'react';
import DataTable from '@site/src/components/DataTable';
import {builtInRoles, permissions, rbacPolicies, type PermissionFact, type PolicyFact} from '@site/src/data/organization';

/** Names as code, separated by commas. */
function codeList(names: readonly string[]): ReactNode[] {
  return names.map((name, i) => (
    <span key={name}>
      {i > 0 && ', '}
      <code>{name}</code>
    </span>
  ));
}

/**
 * The policies roles are built from, from `src/data/organization.ts`: `<PolicyTable />`
 * lists each with its id and permissions; `<PolicyTable permissions />` lists the
 * permissions with what they allow instead.
 */
export default function PolicyTable({permissions: showPermissions = false}: {permissions?: boolean}): ReactNode {
  if (showPermissions) {
    return (
      <DataTable<PermissionFact>
        rows={permissions}
        rowKey={(p) => p.name}
        columns={[
          {header: 'Permission', cell: (p) => <code>{p.name}</code>},
          {header: 'Allows', cell: (p) => p.description},
        ]}
      />
    );
  }
  return (
    <DataTable<PolicyFact>
      rows={rbacPolicies}
      rowKey={(p) => p.name}
      columns={[
        {
          header: 'Policy',
          cell: (policy) => (
            <>
              <code>{policy.name}</code>
              <br />
              {policy.description}
            </>
          ),
        },
        {header: <code>id</code>, cell: (policy) => policy.id},
        {header: 'Grants', cell: (policy) => codeList(policy.permissions)},
        {
          header: 'In built-in roles',
          cell: (policy) =>
            builtInRoles
              .filter((role) => role.policies.includes(policy.name))
              .map((role) => role.name)
              .join(', ') || 'None',
        },
      ]}
    />
  );
}
