/**
 * Checks over the spec's examples that no schema can express. `staleUpdatedAt` finds example
 * resources whose `status` has changed since they were created (it is not a status the
 * resource starts in) while `updated_at` still equals `created_at`: the convention says
 * `updated_at` is the last change, its status included, so such an example contradicts itself.
 */

type Json = unknown;

/** Statuses a resource may be created in, whatever its kind: the transitional ones a create answers with. */
export const GENERIC_INITIAL_STATUSES: readonly string[] = ['CREATING', 'QUEUED', 'PENDING', 'VALIDATING', 'SYNTHESIZING'];

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** Operations that bring a resource into existence; their answers show the status it starts in. */
const CREATES = /^(create|import|synthesize|request|generate|restore[A-Z][a-z]*Snapshot$|restoreSnapshot$)/;

/** `instances` → `instance`, `fine_tuning_jobs` → `fine_tuning_job`: the key of one resource. */
const singular = (key: string) => (key.endsWith('ies') ? `${key.slice(0, -3)}y` : key.endsWith('s') ? key.slice(0, -1) : key);

interface Located {
  value: Json;
  where: string;
  operationId?: string;
}

/** Every example in the document (`example`, `examples.*.value`), with where it is and, inside an operation, its id. */
function examplesOf(doc: Record<string, Json>): Located[] {
  const out: Located[] = [];
  const walk = (node: Json, where: string, operationId?: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}/${i}`, operationId));
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, Json>;
    const id = typeof object.operationId === 'string' && typeof object.responses === 'object' ? object.operationId : operationId;
    for (const [key, value] of Object.entries(object)) {
      if (key === 'example') out.push({value, where: `${where}/example`, operationId: id});
      else if (key === 'examples' && value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [name, ex] of Object.entries(value)) {
          if (ex && typeof ex === 'object' && 'value' in ex) out.push({value: (ex as {value: Json}).value, where: `${where}/examples/${name}`, operationId: id});
        }
      } else walk(value, `${where}/${key}`, id);
    }
  };
  walk(doc, '');
  return out;
}

/** Every object with a `status` inside an example, with the key of the resource it is (`volume`, from `volume` or `volumes`). */
function resourcesOf(value: Json, where: string): {kind: string; object: Record<string, Json>; at: string}[] {
  const out: {kind: string; object: Record<string, Json>; at: string}[] = [];
  const walk = (node: Json, at: string, kind: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}/${i}`, kind));
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, Json>;
    if (typeof object.status === 'string') out.push({kind, object, at});
    for (const [key, child] of Object.entries(object)) walk(child, `${at}/${key}`, singular(key));
  };
  walk(value, where, '');
  return out;
}

/** The statuses each kind of resource starts in, read from the answers of the operations that create one. */
export function initialStatuses(doc: Record<string, Json>): Map<string, Set<string>> {
  const initial = new Map<string, Set<string>>();
  const paths = (doc.paths ?? {}) as Record<string, Record<string, {operationId?: string; responses?: Record<string, Json>}>>;
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (method !== 'post' || !op?.operationId || !CREATES.test(op.operationId)) continue;
      for (const status of ['201', '202']) {
        const example = (op.responses?.[status] as {content?: Record<string, {example?: Json}>} | undefined)?.content?.['application/json']?.example;
        if (example === undefined) continue;
        for (const {kind, object} of resourcesOf(example, '')) {
          if (!initial.has(kind)) initial.set(kind, new Set());
          initial.get(kind)!.add(object.status as string);
        }
      }
    }
  }
  return initial;
}

/**
 * Example resources whose status is not one they can start in while `updated_at` equals
 * `created_at`, each as `where: kind status`.
 */
export function staleUpdatedAt(doc: Record<string, Json>): string[] {
  const initial = initialStatuses(doc);
  const found: string[] = [];
  for (const {value, where} of examplesOf(doc)) {
    for (const {kind, object, at} of resourcesOf(value, where)) {
      if (typeof object.created_at !== 'string' || typeof object.updated_at !== 'string') continue;
      if (object.created_at !== object.updated_at) continue;
      const status = object.status as string;
      if (GENERIC_INITIAL_STATUSES.includes(status) || initial.get(kind)?.has(status)) continue;
      found.push(`${at}: ${kind || 'resource'} ${status}`);
    }
  }
  return found;
}

/**
 * Lines where a plain (unquoted) scalar inside a flow collection ends in `?` (`{content: Why?}`),
 * which YAML 1.2 reads as text but YAML 1.1 parsers (PyYAML, SnakeYAML) reject, as `file:line`.
 */
export function yaml11Problems(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*#/.test(line) || !/[{[]/.test(line)) return;
    const unquoted = line.replace(/'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"/g, '""');
    if (/\?\s*[}\],]/.test(unquoted)) found.push(`${file}:${i + 1}`);
  });
  return found;
}
