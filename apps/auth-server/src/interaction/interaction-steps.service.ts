import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SessionService } from '../account/session.service';
import { signInPage } from '../pages/pages';
import type { InteractionDetails } from '../oauth/oidc-module';
import { OidcService } from '../oauth/oidc.service';

/** The provider's pending interaction behind a sign-in or consent page (spec 4.13). */
@Injectable()
export class InteractionSteps {
  constructor(
    @Inject(OidcService) private readonly oidc: OidcService,
    @Inject(SessionService) private readonly session: SessionService,
  ) {}

  /** The interaction behind the page, or an answer already sent (expired or wrong step). */
  async details(
    req: Request,
    res: Response,
    uid: string,
    prompt: string,
  ): Promise<InteractionDetails | null> {
    const provider = await this.oidc.provider();
    let details: InteractionDetails;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      const csrf = await this.session.formToken(req, res, 'signin');
      res
        .status(400)
        .type('html')
        .send(
          signInPage('/signin', {
            csrf,
            error: 'This sign-in link has expired. Start again from the app.',
          }),
        );
      return null;
    }
    if (details.uid !== uid || details.prompt.name !== prompt) {
      res.redirect(
        303,
        details.prompt.name === 'login' ? `/signin/${details.uid}` : `/consent/${details.uid}`,
      );
      return null;
    }
    return details;
  }

  /** Ends the interaction with `result` and sends the browser back to the client. */
  async finish(req: Request, res: Response, result: object, merge: boolean): Promise<void> {
    const provider = await this.oidc.provider();
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: merge });
  }
}
