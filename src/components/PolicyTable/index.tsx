import type {ReactNode} from 'react';
import {builtInRoles, permissions, rbacPolicies} from '@site/src/data/organization';

/**
 * The policies roles are built from, from `src/data/organization.ts`: `<PolicyTable />`
 * lists each with its id and permissions; `<PolicyTable permissions />` lists the
 * permissions with what they allow instead.
 */
export default function PolicyTable({permissions: showPermissions = false}: {permissions?: boolean}): ReactNode {
  if (showPermissions) {
    return (
      <table>
        <thead>
          <tr>
            <th>Permission</th>
            <th>Allows</th>
          </tr>
        </thead>
        <tbody>
          {permissions.map((p) => (
            <tr key={p.name}>
              <td>
                <code>{p.name}</code>
              </td>
              <td>{p.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <table>
      <thead>
        <tr>
          <th>Policy</th>
          <th>
            <code>id</code>
          </th>
          <th>Grants</th>
          <th>In built-in roles</th>
        </tr>
      </thead>
      <tbody>
        {rbacPolicies.map((policy) => (
          <tr key={policy.name}>
            <td>
              <code>{policy.name}</code>
              <br />
              {policy.description}
            </td>
            <td>{policy.id}</td>
            <td>
              {policy.permissions.map((p, i) => (
                <span key={p}>
                  {i > 0 && ', '}
                  <code>{p}</code>
                </span>
              ))}
            </td>
            <td>
              {builtInRoles
                .filter((role) => role.policies.includes(policy.name))
                .map((role) => role.name)
                .join(', ') || 'None'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
