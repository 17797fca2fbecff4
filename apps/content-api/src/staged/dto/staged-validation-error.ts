import { ApiError, CommonErrorCode, DEFAULT_VALIDATION_MESSAGE, FieldErrors } from '@hc/contracts';

/** Field errors of the staged endpoints: shape (b), with the `code` staged endpoints carry (spec 7). */
export function stagedValidationError(errors: FieldErrors): ApiError {
  return new ApiError(422, {
    status: 'validation_error',
    code: CommonErrorCode.ValidationError,
    message: DEFAULT_VALIDATION_MESSAGE,
    errors,
  });
}
