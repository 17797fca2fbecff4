import { Controller, Get } from '@nestjs/common';
import { wrapSuccess } from '@hc/http';
import { AnyCredential } from '../http/content-routes';

@Controller()
export class RootController {
  /** Spec 4.3: any valid credential, any scope. */
  @AnyCredential(Get(), 'The API root: the credential and its links')
  root() {
    return wrapSuccess({ message: 'Help Center API v1. Your credential is valid.' });
  }
}
