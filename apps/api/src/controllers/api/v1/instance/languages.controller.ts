import { Controller, Get } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import ISO6391 from 'iso-639-1';

const LANGUAGES = ISO6391.getAllCodes().map((code) => ({ code, name: ISO6391.getName(code) }));

@Controller('api/v1/instance/languages')
export class InstanceLanguagesController {
  @Get()
  @Public()
  index() {
    return LANGUAGES;
  }
}
