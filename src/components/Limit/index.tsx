import type {ReactNode} from 'react';
import {formatLimit, type LimitName} from '@site/src/data/limits';

/** A limit, quota or retention period from the data, with its unit: `<Limit name="apiRequestsPerMinute" />` → 600 requests per minute. */
export default function Limit({name}: {name: LimitName}): ReactNode {
  return <>{formatLimit(name)}</>;
}
