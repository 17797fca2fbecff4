import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsOptional, IsString } from 'class-validator';
import { ObjectBody } from '@hc/http';

/**
 * POST /session/sites (issue 38): the first help center of a person who signed up. Plan,
 * staging preview, unsafe HTML, the legacy editor and suspension are not fields: the plan is
 * `HC_SIGNUP_PLAN`, the rest stay the operator's.
 */
@ObjectBody('site', 'The request must be an object.')
export class FirstSiteDto {
  @ApiProperty({ example: 'Acme Help', description: 'The help center’s name' })
  // A blank name reaches the service, which says it is required.
  @IsOptional()
  @IsString({ message: 'The name field must be a string.' })
  name!: string;

  @ApiProperty({
    example: 'acme',
    description: 'Letters, digits and hyphens; the reader site’s address',
  })
  @IsOptional()
  @IsString({ message: 'The subdomain field must be a string.' })
  subdomain!: string;

  @ApiPropertyOptional({ example: 'en', description: 'The default language (default `en`)' })
  @IsOptional()
  @IsString({ message: 'The default language field must be a string.' })
  default_language?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['en', 'de'],
    description: 'The site’s languages (the default language is always one)',
  })
  @IsOptional()
  @IsArray({ message: 'The languages field must be an array.' })
  @IsString({ each: true, message: 'The languages field must be an array of strings.' })
  languages?: string[];
}
