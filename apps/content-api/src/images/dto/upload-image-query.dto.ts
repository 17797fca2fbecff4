import { BodyFrom, QueryEnum, readQuery } from '@hc/http';

/**
 * POST /images: `editor=1` marks the image as added in the dashboard's article editor (issue 37;
 * spec 4.7: GET /images does not list those). Only a dashboard session's mark counts; keys and
 * tokens upload API images whatever they send.
 */
@BodyFrom(readQuery)
export class UploadImageQuery {
  @QueryEnum(['0', '1'], '1: an image of the dashboard’s article editor (dashboard session only)')
  editor?: '0' | '1';
}
