import { Module } from '@nestjs/common';
import { SearchController } from './search.controller';
import { SearchSynonymsRepository } from './search-synonyms.repository';
import { SearchSynonymsService } from './search-synonyms.service';

@Module({
  controllers: [SearchController],
  providers: [SearchSynonymsRepository, SearchSynonymsService],
})
export class SearchModule {}
