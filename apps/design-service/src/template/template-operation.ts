import { ApiOperation } from '@nestjs/swagger';

/**
 * A read's operation id as it was before the reads left `TemplateController`
 * (`TemplateController_<method>`): clients generated from the document keep their names.
 */
export const templateOperation = (summary: string, method: string) =>
  ApiOperation({ summary, operationId: `TemplateController_${method}` });
