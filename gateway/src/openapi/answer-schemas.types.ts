/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = { [keyword: string]: unknown };

export type AnswerSchemas = {
  /**
   * By operationId (`<Controller>_<method>`, @nestjs/swagger's default), then by status (`success`: the route's
   * own success status): the JSON body answered.
   */
  answers: Record<string, Record<string, JsonSchema>>;
  /** The named contracts types those answers refer to (`#/components/schemas/<name>`). */
  components: Record<string, JsonSchema>;
};
