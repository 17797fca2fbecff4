import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { ObjectBody } from '@hc/http';

export const PREVIEW_COPIES = ['live', 'staged'] as const;

/** POST /previews (issue 37): what to preview, as readers would see it. */
@ObjectBody('preview', 'The request must be an object.')
export class PreviewDto {
  @ApiProperty({ type: 'integer', minimum: 1, example: 12, description: 'The article' })
  @IsInt({ message: 'The article id field must be an integer.' })
  @Min(1, { message: 'The article id field must be at least 1.' })
  article_id!: number;

  @ApiProperty({ example: 'en', description: 'One of the site’s languages' })
  @IsString({ message: 'The lang field must be a string.' })
  lang!: string;

  @ApiPropertyOptional({
    enum: PREVIEW_COPIES,
    description: '`live`: the article as stored (a draft too); `staged`: its staged copy',
  })
  @IsOptional()
  @IsIn(PREVIEW_COPIES, { message: 'The selected copy is invalid.' })
  copy?: (typeof PREVIEW_COPIES)[number];
}

/** The pages a design preview can show without choosing content (issue 39). */
export const DESIGN_PREVIEW_PAGES = ['home', 'contact', 'notFound'] as const;

/** POST /previews/design (issue 39): the draft design on one page, as readers would see it. */
@ObjectBody('preview', 'The request must be an object.')
export class DesignPreviewDto {
  @ApiPropertyOptional({
    enum: DESIGN_PREVIEW_PAGES,
    default: 'home',
    description: 'The page to show. null: home.',
  })
  @IsOptional()
  @IsIn(DESIGN_PREVIEW_PAGES, { message: 'The selected page is invalid.' })
  page?: (typeof DESIGN_PREVIEW_PAGES)[number] | null;
}
