import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';
import { apiErrorSchema } from '@globetrail/contracts';

/** @nestjs/swagger does not export its SchemaObject type; take it from ApiBody's options. */
type SchemaObject = Extract<Parameters<typeof ApiBody>[0], { schema: unknown }>['schema'];

/** The OpenAPI document describes bodies with the same zod schemas that validate them: nothing typed twice. */
const toOpenApi = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as SchemaObject;

export const ZodBody = (schema: z.ZodType) => ApiBody({ schema: toOpenApi(schema, 'input') });

export const ZodResponse = (status: number, schema: z.ZodType, description?: string) =>
  ApiResponse(description === undefined ? { status, schema: toOpenApi(schema, 'output') } : { status, schema: toOpenApi(schema, 'output'), description });

/** The error responses a route can give, each with the ApiError body. */
export const ApiErrors = (...statuses: number[]) => applyDecorators(...statuses.map((status) => ApiResponse({ status, schema: toOpenApi(apiErrorSchema, 'output') })));
