import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {caseFor, clientCall, clientMethods, CLIENT_LANGUAGES, methodWords, terraformDataSources, terraformResources, words, type ClientMethod} from './clients';
import {loadSpec, operations, type OpenApiDocument} from './spec';

const spec = loadSpec(path.resolve(__dirname, '../../openapi'));

// ------------------------------------------------------------ a small spec to change at will

const schemaRef = (name: string) => ({$ref: `#/components/schemas/${name}`});
const envelope = (key: string, schema: string, many = false) => ({type: 'object', properties: {[key]: many ? {type: 'array', items: schemaRef(schema)} : schemaRef(schema)}});
const answer = (status: string, body?: object) => ({[status]: {description: 'x', ...(body ? {content: {'application/json': {schema: body}}} : {})}});
const op = (operationId: string, tag: string, responses: object, extra: object = {}) => ({operationId, tags: [tag], 'x-doc-path': `/docs/api-reference/${operationId}`, responses, ...extra});

function fixture(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {},
    tags: [{name: 'Gadgets'}, {name: 'Widgets'}],
    components: {
      schemas: {
        Widget: {type: 'object', properties: {id: {type: 'integer'}, parts: {type: 'array', items: schemaRef('WidgetPart')}}},
        WidgetWithSecret: {allOf: [schemaRef('Widget'), {type: 'object', properties: {secret: {type: 'string'}}}]},
        WidgetPart: {type: 'object', properties: {id: {type: 'integer'}}},
        Gadget: {type: 'object', properties: {id: {type: 'integer'}}},
      },
    },
    paths: {
      '/widgets': {
        get: op('listWidgets', 'Widgets', answer('200', {allOf: [{type: 'object', properties: {widgets: {type: 'array', items: schemaRef('Widget')}}}]}), {'x-pagination': {items: 'widgets'}}),
        post: op('importWidget', 'Widgets', answer('202', envelope('widgets', 'WidgetWithSecret', true)), {'x-async': {poll: 'getWidget', status: '/widget/status', success: ['READY'], failure: ['ERROR'], gone: false}}),
      },
      '/widgets/{widget_id}': {
        get: op('getWidget', 'Widgets', answer('200', envelope('widget', 'Widget'))),
        delete: op('deleteWidget', 'Widgets', answer('202', envelope('widget', 'Widget')), {'x-async': {poll: 'getWidget', status: '/widget/status', success: [], failure: ['ERROR'], gone: true}}),
        patch: op('updateWidget', 'Widgets', answer('200', envelope('widget', 'Widget'))),
      },
      '/widgets/{widget_id}/polish': {post: op('polishWidget', 'Widgets', answer('202', envelope('widget', 'Widget')))},
      '/widgets/{widget_id}/parts': {post: op('addWidgetPart', 'Widgets', answer('201', envelope('part', 'WidgetPart')))},
      '/widgets/{widget_id}/parts/{part_id}': {delete: op('removeWidgetPart', 'Widgets', answer('204'))},
      '/gadgets': {post: op('createGadget', 'Gadgets', answer('201', envelope('gadget', 'Gadget')))},
      '/gadgets/{gadget_id}': {get: op('getGadget', 'Gadgets', answer('200', envelope('gadget', 'Gadget')))},
      '/gadgets/health': {get: op('checkGadgetHealth', 'Gadgets', answer('200', {type: 'object'}))},
    },
  };
}

const byId = (methods: ClientMethod[], id: string) => methods.find((m) => m.operationId === id)!;
const calls = (doc: OpenApiDocument, language: (typeof CLIENT_LANGUAGES)[number]) => clientMethods(doc).map((m) => `${m.operationId} ${clientCall(m, language)}`);

describe('client method names', () => {
  it('splits identifiers and tags into words, initialisms included', () => {
    expect(words('getVncConsole')).toEqual(['get', 'vnc', 'console']);
    expect(words('API keys')).toEqual(['api', 'keys']);
    expect(words('AI fine-tuning')).toEqual(['ai', 'fine', 'tuning']);
  });

  it.each([
    ['createVirtualMachine', 'Virtual machines', 'create'],
    ['listVirtualMachines', 'Virtual machines', 'list'],
    ['createSnapshot', 'Virtual machines', 'create snapshot'],
    ['listVirtualMachineEvents', 'Virtual machines', 'list events'],
    // The tag's last words, when the whole tag is not in the id.
    ['listFineTuningJobs', 'AI fine-tuning', 'list jobs'],
    ['listDatasets', 'AI datasets', 'list'],
    ['listPolicies', 'Policies', 'list'],
    // A tag that is not in the id leaves it whole; the verb is never removed.
    ['listFileShares', 'File storage', 'list file shares'],
    ['checkBillingAlive', 'Billing', 'check alive'],
  ])('%s in "%s" is the method "%s"', (id, tag, expected) => {
    expect(methodWords(id, tag).join(' ')).toBe(expected);
  });

  it('cases names per language: Python keywords get an underscore, Go keeps initialisms in one case', () => {
    expect(caseFor.python(['import'])).toBe('import_');
    expect(caseFor.python(['create', 'snapshot'])).toBe('create_snapshot');
    expect(caseFor.go(['attach', 'floating', 'ip'])).toBe('AttachFloatingIP');
    expect(caseFor.go(['api', 'keys'])).toBe('APIKeys');
    expect(caseFor.javascript(['virtual', 'machines'])).toBe('virtualMachines');
  });
});

describe('client methods of the spec', () => {
  const methods = clientMethods(spec);

  it('gives every operation exactly one method in each client', () => {
    const ids = operations(spec).map((o) => o.operation.operationId).sort();
    expect(methods.map((m) => m.operationId).sort()).toEqual(ids);
    for (const m of methods) for (const l of CLIENT_LANGUAGES) expect(m.method[l], `${m.operationId} in ${l}`).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
  });

  it.each(CLIENT_LANGUAGES)('gives no two operations the same %s method', (language) => {
    const all = methods.map((m) => clientCall(m, language));
    expect(all.filter((c, i) => all.indexOf(c) !== i)).toEqual([]);
  });

  it.each([
    ['createVirtualMachine', 'client.virtual_machines.create', 'client.VirtualMachines.Create', 'client.virtualMachines.create'],
    ['hibernateVirtualMachine', 'client.virtual_machines.hibernate', 'client.VirtualMachines.Hibernate', 'client.virtualMachines.hibernate'],
    ['createSnapshot', 'client.virtual_machines.create_snapshot', 'client.VirtualMachines.CreateSnapshot', 'client.virtualMachines.createSnapshot'],
    ['importKeypair', 'client.keypairs.import_', 'client.Keypairs.Import', 'client.keypairs.import'],
    ['generateApiKey', 'client.api_keys.generate', 'client.APIKeys.Generate', 'client.apiKeys.generate'],
    ['addFirewallRule', 'client.firewalls.add_rule', 'client.Firewalls.AddRule', 'client.firewalls.addRule'],
    ['listFineTuningJobs', 'client.ai_fine_tuning.list_jobs', 'client.AIFineTuning.ListJobs', 'client.aiFineTuning.listJobs'],
  ])('%s is %s, %s and %s', (id, python, go, javascript) => {
    const m = byId(methods, id);
    expect([clientCall(m, 'python'), clientCall(m, 'go'), clientCall(m, 'javascript')]).toEqual([python, go, javascript]);
  });

  it('marks list methods as paginated and async operations with the statuses they settle in', () => {
    expect(byId(methods, 'listVolumes').paginated).toBe(true);
    expect(byId(methods, 'getVolume').paginated).toBe(false);
    expect(byId(methods, 'createVirtualMachine').settlesIn).toEqual(['ACTIVE']);
    expect(byId(methods, 'deleteVirtualMachine').settlesIn).toEqual([]);
    expect(byId(methods, 'getVirtualMachine').settlesIn).toBeUndefined();
  });
});

describe('client methods follow the spec when it changes', () => {
  it('adds a method for an added operation and renames it with its operationId', () => {
    const before = calls(fixture(), 'python');
    const doc = fixture();
    (doc.paths['/widgets/{widget_id}/polish'] as Record<string, unknown>).post = op('buffWidget', 'Widgets', answer('202', envelope('widget', 'Widget')));
    (doc.paths as Record<string, unknown>)['/widgets/{widget_id}/spin'] = {post: op('spinWidget', 'Widgets', answer('200', envelope('widget', 'Widget')))};
    const after = calls(doc, 'python');
    expect(before).toContain('polishWidget client.widgets.polish');
    expect(after).not.toContain('polishWidget client.widgets.polish');
    expect(after).toContain('buffWidget client.widgets.buff');
    expect(after).toContain('spinWidget client.widgets.spin');
    expect(after).toHaveLength(before.length + 1);
  });

  it('moves a method with its tag, and lists tags in the order of the spec', () => {
    const doc = fixture();
    (doc.paths['/gadgets'] as Record<string, {tags: string[]}>).post.tags = ['Widgets'];
    expect(calls(doc, 'go')).toContain('createGadget client.Widgets.CreateGadget');
    expect(clientMethods(fixture())[0].tag).toBe('Gadgets');
  });

  it('fails, naming both operations, when two would get the same method', () => {
    const doc = fixture();
    (doc.paths as Record<string, unknown>)['/widgets/{widget_id}/polish-again'] = {post: op('polishWidgets', 'Widgets', answer('200', envelope('widget', 'Widget')))};
    expect(() => clientMethods(doc)).toThrow(/polishWidget and polishWidgets would both be client\.widgets\.polish in the python client/);
  });
});

describe('Terraform resources', () => {
  const resources = terraformResources(spec);
  const named = (name: string) => resources.find((r) => r.name === name);
  const ids = (name: string) => {
    const r = named(name)!;
    return [r.create.operationId, r.read.operationId, r.update?.operationId, r.delete.operationId];
  };

  it.each([
    ['gpucloud_virtual_machine', ['createVirtualMachine', 'getVirtualMachine', 'updateVirtualMachine', 'deleteVirtualMachine']],
    ['gpucloud_environment', ['createEnvironment', 'getEnvironment', 'updateEnvironment', 'deleteEnvironment']],
    ['gpucloud_volume', ['createVolume', 'getVolume', 'updateVolume', 'deleteVolume']],
    ['gpucloud_firewall', ['createFirewall', 'getFirewall', 'updateFirewall', 'deleteFirewall']],
    // Creates by another verb than "create".
    ['gpucloud_keypair', ['importKeypair', 'getKeypair', 'updateKeypair', 'deleteKeypair']],
    ['gpucloud_api_key', ['generateApiKey', 'getApiKey', 'updateApiKey', 'deleteApiKey']],
    // Created under the VM's path, read and deleted at its own.
    ['gpucloud_snapshot', ['createSnapshot', 'getSnapshot', 'updateSnapshot', 'deleteSnapshot']],
    // Two POSTs make images; the one on the collection is the resource's create.
    ['gpucloud_image', ['createImage', 'getImage', undefined, 'deleteImage']],
    // A sub-resource, read through its parent.
    ['gpucloud_firewall_rule', ['addFirewallRule', 'getFirewall', undefined, 'removeFirewallRule']],
  ])('%s uses the operations it should', (name, expected) => {
    expect(ids(name)).toEqual(expected);
  });

  it('waits for asynchronous creates and deletes as x-async says', () => {
    expect(named('gpucloud_virtual_machine')).toMatchObject({createWaitsFor: ['ACTIVE'], deleteWaits: true});
    expect(named('gpucloud_environment')?.createWaitsFor).toBeUndefined();
    expect(named('gpucloud_firewall_rule')?.parentAttribute).toBe('rules');
  });

  it('makes no resource of what has no delete (fine-tuning jobs), no create (buckets) or an action', () => {
    for (const schema of ['FineTuningJob', 'Bucket', 'ConsoleLog', 'Member']) expect(resources.map((r) => r.schema)).not.toContain(schema);
  });

  it('follows a fixture spec: variants, sub-resources, and what a change adds or takes away', () => {
    const doc = fixture();
    // Another POST making widgets, earlier in the spec: the collection's POST still wins.
    doc.paths = {'/gadgets/{gadget_id}/to-widget': {post: op('convertGadget', 'Gadgets', answer('202', envelope('widget', 'Widget')))}, ...doc.paths};
    expect(terraformResources(doc).map((r) => [r.name, r.create.operationId, r.read.operationId, r.update?.operationId, r.delete.operationId])).toEqual([
      ['gpucloud_widget', 'importWidget', 'getWidget', 'updateWidget', 'deleteWidget'],
      ['gpucloud_widget_part', 'addWidgetPart', 'getWidget', undefined, 'removeWidgetPart'],
    ]);
    // A delete makes gadgets a resource; without a parent listing them, parts are none.
    (doc.paths['/gadgets/{gadget_id}'] as Record<string, unknown>).delete = op('deleteGadget', 'Gadgets', answer('204'));
    delete (doc.components.schemas.Widget as {properties: Record<string, unknown>}).properties.parts;
    expect(terraformResources(doc).map((r) => r.name)).toEqual(['gpucloud_gadget', 'gpucloud_widget']);
  });
});

describe('Terraform data sources', () => {
  it('reads every get and list operation, named like the resource it reads', () => {
    const sources = terraformDataSources(spec);
    const getsAndLists = operations(spec).filter((o) => o.method === 'get' && /^(get|list)[A-Z]/.test(o.operation.operationId ?? ''));
    expect(sources).toHaveLength(getsAndLists.length);
    expect(sources.find((d) => d.name === 'gpucloud_virtual_machine')).toMatchObject({kind: 'single', operation: {operationId: 'getVirtualMachine'}});
    expect(sources.find((d) => d.name === 'gpucloud_virtual_machines')).toMatchObject({kind: 'list', operation: {operationId: 'listVirtualMachines'}});
    const names = new Set(sources.map((d) => d.name));
    for (const r of terraformResources(spec).filter((x) => !x.parentAttribute)) expect(names.has(r.name), `${r.name} has no data source`).toBe(true);
  });

  it('leaves out checks and follows renames in a fixture', () => {
    const doc = fixture();
    expect(terraformDataSources(doc).map((d) => d.name)).toEqual(['gpucloud_gadget', 'gpucloud_widget', 'gpucloud_widgets']);
    (doc.paths['/gadgets/{gadget_id}'] as Record<string, {operationId: string}>).get.operationId = 'getGizmo';
    expect(terraformDataSources(doc).map((d) => d.name)).toEqual(['gpucloud_gizmo', 'gpucloud_widget', 'gpucloud_widgets']);
  });
});
