import { Body, Controller, Get, HttpCode, HttpException, Post, Query } from '@nestjs/common';
import { AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { MarkerConflictError, MarkerQueries, SaveMarkersService } from '@nestodon/core';
import { MarkerTimeline } from '@nestodon/domain';
import { ToArray } from '@nestodon/http';
import { MarkerJson, serializeMarkers } from '@nestodon/serializers';
import { IsArray, IsOptional, IsString } from 'class-validator';

class MarkersQuery {
  @IsOptional()
  @ToArray()
  @IsArray()
  @IsString({ each: true })
  timeline?: string[];
}

const lastReadId = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object' && 'last_read_id' in value) {
    const id = (value as { last_read_id: unknown }).last_read_id;
    return typeof id === 'number' ? String(id) : (id as string);
  }
  return '';
};

/** /api/v1/markers: where the user stopped reading home and notifications. */
@Controller('api/v1/markers')
export class MarkersController {
  constructor(
    private readonly markers: MarkerQueries,
    private readonly saveMarkers: SaveMarkersService,
  ) {}

  @Get()
  @Scopes('read:statuses')
  async index(
    @CurrentAuth() auth: AuthContext,
    @Query() query: MarkersQuery,
  ): Promise<Record<string, MarkerJson>> {
    return serializeMarkers(await this.markers.find(auth.user!, query.timeline ?? []));
  }

  /** `home[last_read_id]=…`, `notifications[last_read_id]=…`; 409 when a save raced this one. */
  @Post()
  @HttpCode(200)
  @Scopes('write:statuses')
  async create(
    @CurrentAuth() auth: AuthContext,
    @Body() body: Record<string, unknown>,
  ): Promise<Record<string, MarkerJson>> {
    const positions: Partial<Record<MarkerTimeline, string>> = {};
    for (const timeline of ['home', 'notifications'] as const) {
      const id = lastReadId(body[timeline]);
      if (id !== undefined) positions[timeline] = id;
    }
    try {
      return serializeMarkers(await this.saveMarkers.call(auth.user!, positions));
    } catch (error) {
      if (error instanceof MarkerConflictError) {
        throw new HttpException({ error: error.message }, 409);
      }
      throw error;
    }
  }
}
