// Writes services/<svc>/src/openapi.responses.ts: for every controller route the zod schema of
// what its handler answers, derived by the TypeScript checker from the handler's (awaited) return
// type: the DTO interfaces of libs/contracts and the services' own answer types. The OpenAPI
// registry (src/openapi.ts) takes it for every JSON answer without a hand-written `response`
// (issue 27: no answer documented as `{}`). Run after changing a route's answer:
//
//   npm run openapi:responses            (all services)
//   npm run openapi:responses -- --check (exit 1 when a file is not up to date; CI-friendly)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVICES = ['auth', 'operations', 'billing'];
const METHODS = { Get: 'GET', Post: 'POST', Put: 'PUT', Delete: 'DELETE', Patch: 'PATCH' };
const check = process.argv.includes('--check');
const CONTRACTS_SRC = path.join(root, 'libs/contracts/src') + path.sep;
/** The zod twins of the contracts' answer interfaces, shared by the services' files. */
const CONTRACTS_TARGET = path.join(root, 'libs/contracts/src/openapi/dto-schemas.ts');
const contracts = { defs: new Map(), order: [], names: new Set(), imports: new Map() };

/** `<name>Schema` exports of @zunft/contracts that are zod schemas written by hand (name → file). */
function contractsExports(prog, checker) {
  const index = prog.getSourceFile(path.join(root, 'libs/contracts/src/index.ts'));
  const found = { schemas: new Map(), taken: new Set() };
  if (!index) return found;
  for (const e of checker.getExportsOfModule(checker.getSymbolAtLocation(index))) {
    const target = e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e;
    const decl = target.declarations?.[0];
    if (!decl || decl.getSourceFile().fileName === CONTRACTS_TARGET) continue;
    found.taken.add(e.getName());
    if (e.getName().endsWith('Schema') && checker.getTypeOfSymbol(target).getProperty('_zod')) {
      found.schemas.set(e.getName(), decl.getSourceFile().fileName);
    }
  }
  return found;
}

function program(service) {
  const dir = path.join(root, 'services', service);
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(dir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  // Read the workspace libraries from their sources (their dist may be older).
  const options = { ...config.options, customConditions: ['source'], noEmit: true };
  const files = config.fileNames.filter((f) => f.includes(`${path.sep}src${path.sep}`) && f.endsWith('.controller.ts'));
  return ts.createProgram({ rootNames: files, options });
}

const decoratorsOf = (node) => (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []);
function decorator(node, names) {
  for (const d of decoratorsOf(node)) {
    const call = d.expression;
    if (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && names.includes(call.expression.text)) {
      return { name: call.expression.text, args: call.arguments };
    }
  }
  return undefined;
}
const pathArg = (args) => (args[0] && ts.isStringLiteralLike(args[0]) ? args[0].text : '');
const join = (...parts) =>
  '/' +
  parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');

/** Zod source text for a type; `named` collects the named DTOs used (emitted once, by name). */
class Writer {
  constructor(checker, existing) {
    this.checker = checker;
    this.existing = existing;
    /** While writing a contracts twin: its references stay inside the contracts file. */
    this.inContracts = false;
    /** Names the service file imports from @zunft/contracts. */
    this.imports = new Set();
    this.named = new Map(); // name -> source (or null while being written)
    this.order = [];
    this.byType = new Map();
  }

  nameOf(type) {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (!symbol || type.aliasTypeArguments?.length || (type.flags & ts.TypeFlags.Object) === 0) return undefined;
    const name = symbol.getName();
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name) || ['Array', 'Date', 'Promise', 'Record', 'Partial'].includes(name)) {
      return undefined;
    }
    if (type.getCallSignatures().length > 0) return undefined;
    const decl = symbol.declarations?.[0];
    if (!decl || !(ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl))) return undefined;
    if (decl.getSourceFile().fileName.includes('node_modules')) return undefined;
    return name;
  }

  write(type, depth = 0) {
    const c = this.checker;
    if (depth > 12) return 'z.unknown()';
    const f = type.flags;
    if (f & ts.TypeFlags.Any || f & ts.TypeFlags.Unknown) return 'z.unknown()';
    if (f & ts.TypeFlags.Null) return 'z.null()';
    if (f & ts.TypeFlags.Undefined || f & ts.TypeFlags.Void) return 'z.undefined()';
    if (f & ts.TypeFlags.BooleanLiteral) return `z.literal(${c.typeToString(type)})`;
    if (f & ts.TypeFlags.StringLiteral) return `z.literal(${JSON.stringify(type.value)})`;
    if (f & ts.TypeFlags.NumberLiteral) return `z.literal(${type.value})`;
    if (f & ts.TypeFlags.StringLike) return 'z.string()';
    if (f & ts.TypeFlags.NumberLike) return 'z.number()';
    if (f & ts.TypeFlags.BigIntLike) return 'z.string()';
    if (f & ts.TypeFlags.BooleanLike) return 'z.boolean()';
    if (type.isUnion()) return this.union(type.types, depth);
    if (type.isIntersection()) {
      const props = c.getPropertiesOfType(type);
      return this.object(type, props, depth);
    }
    const symbolName = type.getSymbol()?.getName();
    if (symbolName === 'Date') return 'z.iso.datetime()';
    if (c.isArrayType(type) || c.isTupleType(type)) {
      const [item] = c.getTypeArguments(type);
      return `z.array(${item ? this.write(item, depth + 1) : 'z.unknown()'})`;
    }
    if (symbolName === 'Buffer' || symbolName === 'StreamableFile' || symbolName === 'Uint8Array') return 'z.unknown()';
    // a framework object (express' Response of a handler that answers itself): not a JSON answer
    const external = (d) =>
      /node_modules/.test(d.getSourceFile().fileName) && !/typescript[\\/]lib/.test(d.getSourceFile().fileName);
    if (type.getSymbol()?.declarations?.some(external)) {
      return 'z.unknown()';
    }
    let name = this.nameOf(type);
    const file = name ? (type.aliasSymbol ?? type.getSymbol()).declarations[0].getSourceFile().fileName : '';
    if (name && file.startsWith(CONTRACTS_SRC)) return this.contractsRef(type, name, file, depth);
    if (name && depth > 0 && !this.inContracts) {
      // one const per type; another type of the same name gets a number
      const known = this.byType.get(type);
      if (known) return known;
      for (let n = 2; this.named.has(name); n++) name = `${this.nameOf(type)}${n}`;
      this.byType.set(type, name);
      {
        this.named.set(name, null);
        this.named.set(name, this.objectOf(type, depth));
        this.order.push(name);
      }
      return name;
    }
    return this.objectOf(type, depth);
  }

  /** The contracts' schema of a contracts interface: a hand-written one, or its generated twin. */
  contractsRef(type, name, file, depth) {
    let schemaName = `${name[0].toLowerCase()}${name.slice(1)}Schema`;
    if (this.existing.schemas.has(schemaName)) {
      if (this.inContracts) contracts.imports.set(schemaName, this.existing.schemas.get(schemaName));
      else this.imports.add(schemaName);
      return schemaName;
    }
    const key = `${file}#${name}`;
    let def = contracts.defs.get(key);
    if (!def) {
      if (this.existing.taken.has(schemaName)) schemaName = `${schemaName.slice(0, -'Schema'.length)}AnswerSchema`;
      for (let n = 2; contracts.names.has(schemaName); n++)
        schemaName = `${name[0].toLowerCase()}${name.slice(1)}${n}Schema`;
      def = { schemaName, source: null };
      contracts.defs.set(key, def);
      contracts.names.add(schemaName);
      const was = this.inContracts;
      this.inContracts = true;
      def.source = this.objectOf(type, depth);
      this.inContracts = was;
      contracts.order.push(key);
    }
    if (!this.inContracts) this.imports.add(def.schemaName);
    return def.schemaName;
  }

  objectOf(type, depth) {
    const c = this.checker;
    const index = c.getIndexInfosOfType(type)[0];
    const props = c.getPropertiesOfType(type);
    if (index && props.length === 0) return `z.record(z.string(), ${this.write(index.type, depth + 1)})`;
    return this.object(type, props, depth);
  }

  object(_type, props, depth) {
    const c = this.checker;
    const fields = [];
    for (const prop of props) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      let propType = decl ? c.getTypeOfSymbolAtLocation(prop, decl) : c.getTypeOfSymbol(prop);
      if (propType.getCallSignatures().length > 0) continue; // methods are not answered
      const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0;
      if (optional) propType = c.getNonNullableType(propType) === propType ? propType : stripUndefined(c, propType);
      const key = /^[A-Za-z_$][\w$]*$/.test(prop.getName()) ? prop.getName() : JSON.stringify(prop.getName());
      fields.push(`${key}: ${this.write(propType, depth + 1)}${optional ? '.optional()' : ''}`);
    }
    return `z.object({ ${fields.join(', ')} })`;
  }

  union(types, depth) {
    const c = this.checker;
    let nullable = false;
    let optional = false;
    const rest = [];
    for (const t of types) {
      if (t.flags & ts.TypeFlags.Null) nullable = true;
      else if (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) optional = true;
      else rest.push(t);
    }
    // boolean = true | false
    const trues = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    let parts;
    if (trues.length === 2) {
      parts = [
        'z.boolean()',
        ...rest.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral)).map((t) => this.write(t, depth + 1)),
      ];
    } else if (rest.length > 1 && rest.every((t) => t.flags & ts.TypeFlags.StringLiteral)) {
      // sorted: the checker orders a union's members by type id, i.e. by which files it read first,
      // so the same interface came out differently in a clean clone (CI's --check) and in a checkout
      // with other uncommitted files
      const values = rest.map((t) => t.value).sort();
      parts = [`z.enum([${values.map((v) => JSON.stringify(v)).join(', ')}])`];
    } else {
      parts = rest.map((t) => this.write(t, depth + 1));
    }
    let out = parts.length === 0 ? 'z.null()' : parts.length === 1 ? parts[0] : `z.union([${parts.join(', ')}])`;
    if (nullable && parts.length > 0) out += '.nullable()';
    if (optional && parts.length > 0) out += '.optional()';
    void c;
    return out;
  }
}

function stripUndefined(c, type) {
  if (!type.isUnion()) return type;
  const kept = type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
  return kept.length === type.types.length ? type : c.getUnionType(kept);
}

function routesOf(service) {
  const prog = program(service);
  const checker = prog.getTypeChecker();
  const writer = new Writer(checker, contractsExports(prog, checker));
  const routes = [];
  for (const file of prog.getSourceFiles()) {
    if (!file.fileName.startsWith(path.join(root, 'services', service, 'src'))) continue;
    ts.forEachChild(file, (node) => {
      if (!ts.isClassDeclaration(node)) return;
      const controller = decorator(node, ['Controller']);
      if (!controller) return;
      const base = pathArg(controller.args);
      for (const member of node.members) {
        if (!ts.isMethodDeclaration(member)) continue;
        const route = decorator(member, Object.keys(METHODS));
        if (!route) continue;
        const key = `${METHODS[route.name]} ${join('api', base, pathArg(route.args))}`;
        const signature = checker.getSignatureFromDeclaration(member);
        if (!signature) continue;
        let type = checker.getReturnTypeOfSignature(signature);
        type = checker.getAwaitedType(type) ?? type;
        // A handler that answers itself (@Res()): what it passes to `res.json(…)`.
        if (member.parameters.some((p) => decorator(p, ['Res']))) {
          const sent = [];
          const visit = (node) => {
            if (
              ts.isCallExpression(node) &&
              ts.isPropertyAccessExpression(node.expression) &&
              node.expression.name.text === 'json' &&
              node.arguments.length === 1
            ) {
              sent.push(checker.getTypeAtLocation(node.arguments[0]));
            }
            ts.forEachChild(node, visit);
          };
          if (member.body) visit(member.body);
          if (sent.length === 0) continue;
          type = sent.length === 1 ? sent[0] : checker.getUnionType(sent);
        }
        const flags = type.flags;
        if (flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined)) continue;
        const source = writer.write(type);
        if (source.startsWith('z.unknown()') || source === 'z.undefined()') continue;
        routes.push([key, source]);
      }
    });
  }
  routes.sort(([a], [b]) => a.localeCompare(b));
  return { routes, writer };
}

function render(service, { routes, writer }) {
  const constName = `${service.toUpperCase()}_RESPONSES`;
  const lines = [
    `// Generated by scripts/openapi/response-schemas.mjs (npm run openapi:responses) from the`,
    `// controllers' return types: do not edit. The answer schema of every JSON route of ${service};`,
    `// src/openapi.ts uses it where an entry names no \`response\` of its own (issue 27).`,
    `import { z } from 'zod';`,
    ...(writer.imports.size ? [`import { ${[...writer.imports].sort().join(', ')} } from '@zunft/contracts';`] : []),
    ``,
  ];
  for (const name of writer.order) lines.push(`const ${name} = ${writer.named.get(name)};`);
  if (writer.order.length > 0) lines.push('');
  lines.push(`export const ${constName}: Record<string, z.ZodType> = {`);
  for (const [key, source] of routes) lines.push(`  ${JSON.stringify(key)}: ${source},`);
  lines.push('};', '');
  return lines.join('\n');
}

function renderContracts() {
  const lines = [
    `// Generated by scripts/openapi/response-schemas.mjs (npm run openapi:responses): do not edit.`,
    `// The zod twins of the contracts' answer interfaces that the services' OpenAPI documents use`,
    `// (issue 27), derived from the interfaces by the TypeScript checker; hand-written \`<name>Schema\``,
    `// exports of the contracts are used instead where they exist. After changing an interface, run the`,
    `// generator again (\`npm run openapi:responses -- --check\` says whether this file is up to date).`,
    `import { z } from 'zod';`,
  ];
  const byFile = new Map();
  for (const [name, file] of contracts.imports) {
    let rel = path.relative(path.dirname(CONTRACTS_TARGET), file).replace(/\\/g, '/').replace(/\.ts$/, '.js');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    byFile.set(rel, [...(byFile.get(rel) ?? []), name]);
  }
  for (const [file, names] of [...byFile].sort()) lines.push(`import { ${names.sort().join(', ')} } from '${file}';`);
  lines.push('');
  for (const key of contracts.order) {
    const def = contracts.defs.get(key);
    lines.push(`export const ${def.schemaName} = ${def.source};`);
  }
  lines.push('');
  return lines.join('\n');
}

const outputs = [];
for (const service of SERVICES) {
  const target = path.join(root, 'services', service, 'src', 'openapi.responses.ts');
  outputs.push([target, render(service, routesOf(service))]);
}
outputs.push([CONTRACTS_TARGET, renderContracts()]);

let stale = false;
for (const [target, raw] of outputs) {
  const text = await prettier.format(raw, { ...(await prettier.resolveConfig(target)), filepath: target });
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // new file
  }
  if (check) {
    if (current !== text) {
      console.error(`${path.relative(root, target)} is not up to date: npm run openapi:responses`);
      stale = true;
    }
  } else {
    writeFileSync(target, text);
    console.log(`${path.relative(root, target)}: ${text.split('\n').length} lines`);
  }
}
if (stale) process.exit(1);
