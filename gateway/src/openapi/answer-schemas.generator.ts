import * as path from 'node:path';
import * as ts from 'typescript';
import type { AnswerSchemas, JsonSchema } from './answer-schemas.types';

const ROUTE_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);

/**
 * Reads the gateway's controllers with the TypeScript compiler and turns each route method's declared answer
 * (the contracts type it returns, `Promise<T>` unwrapped) into a JSON Schema. The answers' shapes then have one home,
 * the contracts types the controllers already compile against; the gateway loads the result at boot
 * (answer-schemas.generated.ts), and answer-schemas.spec.ts fails when it is stale. Routes that write their answer
 * themselves (`@Res()`, void) are skipped: they describe their own (CSV, files, redirects) with @ApiResponse.
 */
export function generateAnswerSchemas(gatewayRoot: string): AnswerSchemas {
  const configPath = path.join(gatewayRoot, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error(`cannot read ${configPath}`);
  const controllers = config.fileNames.filter((f) => f.includes(`${path.sep}routes${path.sep}`) && f.endsWith('.controller.ts'));
  const describedTypes = path.join(gatewayRoot, 'src/openapi/described-types.ts');
  const program = ts.createProgram([...controllers, describedTypes], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const converter = new SchemaConverter(checker);
  const answers: AnswerSchemas['answers'] = {};
  for (const file of controllers.sort()) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name || !hasDecorator(statement, 'Controller')) continue;
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
        if (!ts.getDecorators(member)?.some((d) => ROUTE_DECORATORS.has(decoratorName(d)))) continue;
        const byStatus: Record<string, JsonSchema> = {};
        for (const [status, answer] of declaredAnswers(checker, member)) {
          if (answer.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never)) continue;
          byStatus[status] = converter.toSchema(answer);
        }
        if (Object.keys(byStatus).length) answers[`${statement.name.text}_${member.name.text}`] = byStatus;
      }
    }
  }
  const described = program
    .getSourceFile(describedTypes)
    ?.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'DescribedTypes');
  if (!described) throw new Error(`${describedTypes} must declare the type DescribedTypes`);
  const components: Record<string, JsonSchema> = {};
  for (const property of checker.getPropertiesOfType(checker.getTypeAtLocation(described))) {
    const schema = converter.toSchema(checker.getTypeOfSymbolAtLocation(property, described));
    // A contracts type of the same name is a component already.
    if (schema.$ref !== `#/components/schemas/${property.name}`) components[property.name] = schema;
  }
  return { answers, components: { ...converter.components(), ...components } };
}

/**
 * By status (`success`: the route's own success status): each `@Answers<T>(status?)` when the method writes its
 * answer itself, else the method's return type (a promise's value).
 */
function declaredAnswers(checker: ts.TypeChecker, method: ts.MethodDeclaration): [string, ts.Type][] {
  const declared: [string, ts.Type][] = [];
  for (const d of ts.getDecorators(method) ?? []) {
    const call = d.expression;
    if (decoratorName(d) !== 'Answers' || !ts.isCallExpression(call) || call.typeArguments?.length !== 1) continue;
    const status = call.arguments[0] && ts.isNumericLiteral(call.arguments[0]) ? call.arguments[0].text : 'success';
    declared.push([status, checker.getTypeFromTypeNode(call.typeArguments[0])]);
  }
  if (declared.length) return declared;
  const signature = checker.getSignatureFromDeclaration(method);
  return signature ? [['success', unwrapPromise(checker, checker.getReturnTypeOfSignature(signature))]] : [];
}

function decoratorName(d: ts.Decorator): string {
  const e = d.expression;
  return ts.isCallExpression(e) && ts.isIdentifier(e.expression) ? e.expression.text : '';
}

function hasDecorator(node: ts.HasDecorators, name: string): boolean {
  return ts.getDecorators(node)?.some((d) => decoratorName(d) === name) ?? false;
}

function unwrapPromise(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  return checker.getAwaitedType(type) ?? type;
}

/** Converts checker types to JSON Schema; named object types become shared components. */
class SchemaConverter {
  private readonly named = new Map<string, { type: ts.Type; schema: JsonSchema | null }>();

  constructor(private readonly checker: ts.TypeChecker) {}

  components(): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    for (const name of [...this.named.keys()].sort()) out[name] = this.named.get(name)!.schema ?? {};
    return out;
  }

  toSchema(type: ts.Type): JsonSchema {
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (f & ts.TypeFlags.Null) return { type: 'null' };
    if (f & ts.TypeFlags.StringLiteral) return { type: 'string', const: (type as ts.StringLiteralType).value };
    if (f & ts.TypeFlags.NumberLiteral) return { type: 'number', const: (type as ts.NumberLiteralType).value };
    if (f & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', const: this.checker.typeToString(type) === 'true' };
    if (f & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) return { type: 'string' };
    if (f & ts.TypeFlags.Number) return { type: 'number' };
    if (f & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (type.isUnion()) return this.union(type.types);
    if (this.checker.isArrayType(type)) return { type: 'array', items: this.toSchema(this.checker.getTypeArguments(type as ts.TypeReference)[0]) };
    if (this.checker.isTupleType(type)) {
      const items = this.checker.getTypeArguments(type as ts.TypeReference).map((t) => this.toSchema(t));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (f & ts.TypeFlags.Object || type.isIntersection()) return this.object(type);
    throw new Error(`no JSON Schema for the type ${this.checker.typeToString(type)}`);
  }

  private union(members: ts.Type[]): JsonSchema {
    const present = members.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
    const nullable = present.some((t) => t.flags & ts.TypeFlags.Null);
    const rest = present.filter((t) => !(t.flags & ts.TypeFlags.Null));
    // `boolean` is `true | false` to the checker.
    const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const others = booleans.length === 2 ? rest.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral)) : rest;
    const literals = others.filter((t) => t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral));
    const parts: JsonSchema[] = [];
    if (booleans.length === 2) parts.push({ type: 'boolean' });
    if (literals.length === others.length && literals.length > 0) {
      const values = literals.map((t) => (t as ts.LiteralType).value as string | number);
      const kinds = [...new Set(values.map((v) => typeof v))].map((k) => (k === 'string' ? 'string' : 'number'));
      parts.push({ type: kinds.length === 1 ? kinds[0] : kinds, enum: values });
    } else {
      parts.push(...others.map((t) => this.toSchema(t)));
    }
    if (nullable) {
      const only = parts.length === 1 ? parts[0] : null;
      if (only && typeof only.type === 'string' && !only.$ref) {
        return { ...only, type: [only.type, 'null'], ...(Array.isArray(only.enum) ? { enum: [...(only.enum as unknown[]), null] } : {}) };
      }
      parts.push({ type: 'null' });
    }
    return parts.length === 1 ? parts[0] : { anyOf: parts };
  }

  private object(type: ts.Type): JsonSchema {
    const name = this.componentName(type);
    if (name) {
      const known = this.named.get(name);
      if (known && known.type === type) return { $ref: `#/components/schemas/${name}` };
      if (!known) {
        this.named.set(name, { type, schema: null });
        const schema = this.objectBody(type);
        const doc = this.documentation(type.aliasSymbol ?? type.getSymbol());
        this.named.set(name, { type, schema: doc ? { description: doc, ...schema } : schema });
        return { $ref: `#/components/schemas/${name}` };
      }
      // Another type of the same name (a local type in some file): described in place.
    }
    return this.objectBody(type);
  }

  private objectBody(type: ts.Type): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of this.checker.getPropertiesOfType(type)) {
      // A mapped type's properties (Record<ServiceContext, …>, Pick, Omit) have no declaration of their own.
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      const propertyType = declaration ? this.checker.getTypeOfSymbolAtLocation(property, declaration) : this.checker.getTypeOfSymbol(property);
      if (propertyType.getCallSignatures().length > 0) continue;
      const schema = this.toSchema(propertyType);
      const doc = this.documentation(property);
      properties[property.name] = doc ? (schema.$ref ? { allOf: [schema], description: doc } : { description: doc, ...schema }) : schema;
      if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.name);
    }
    const schema: JsonSchema = { type: 'object', properties };
    if (required.length) schema.required = required;
    const index = this.checker.getIndexInfosOfType(type).find((i) => i.keyType.flags & ts.TypeFlags.String);
    if (index) schema.additionalProperties = this.toSchema(index.type);
    return schema;
  }

  /** Non-generic aliases, interfaces and classes are shared by name; anonymous and generic shapes are inlined. */
  private componentName(type: ts.Type): string | null {
    if (type.aliasSymbol) return type.aliasTypeArguments?.length ? null : type.aliasSymbol.name;
    const symbol = type.getSymbol();
    if (!symbol || !(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class))) return null;
    if ((type as ts.TypeReference).typeArguments?.length) return null;
    return symbol.name;
  }

  private documentation(symbol: ts.Symbol | undefined): string {
    return symbol ? ts.displayPartsToString(symbol.getDocumentationComment(this.checker)).trim() : '';
  }
}
