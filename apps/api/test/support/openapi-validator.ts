import type { OpenAPIObject } from '@nestjs/swagger';
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

/** A response as supertest gives it. */
export interface ResponseLike {
  status: number;
  body: unknown;
  req: { method: string; path: string };
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Checks real responses against the OpenAPI document the api serves: finds the operation by
 * method and request path (literal segments before parameters, as the router matches), takes
 * the schema of the response's status (or `default`) and validates the body with Ajv's JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1.
 */
export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly templates: Array<{ template: string; pattern: RegExp; literals: number }>;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenAPIObject) {
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, 'openapi');
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
        literals: template.split('/').filter((part) => part && !part.startsWith('{')).length,
      }))
      .sort((a, b) => b.literals - a.literals);
  }

  /** The path template (`/api/v1/statuses/{id}`) of a request path, if documented. */
  templateOf(path: string): string | undefined {
    return this.templates.find(({ pattern }) => pattern.test(path))?.template;
  }

  /** Problems of `res` against the document; empty when it conforms. */
  problems(res: ResponseLike): string[] {
    const path = new URL(res.req.path, 'http://x').pathname;
    const method = res.req.method.toLowerCase();
    const template = this.templateOf(path);
    const operation = template
      ? (this.document.paths[template] as Record<string, Operation | undefined>)[method]
      : undefined;
    if (!template || !operation) return [`${res.req.method} ${path} is not in the document`];
    const status = String(res.status);
    const key = operation.responses[status] ? status : 'default';
    const media = operation.responses[key]?.content?.['application/json'];
    if (!media?.schema) {
      return status.startsWith('2') && res.body && Object.keys(res.body).length
        ? [`${res.req.method} ${template} ${status} has no response schema`]
        : [];
    }
    const ref = `openapi#/${pointer('paths', template, method, 'responses', key)}/content/application~1json/schema`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    if (validate(res.body)) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `${res.req.method} ${template} ${status}: ${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`,
    );
  }
}
