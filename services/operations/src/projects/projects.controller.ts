import { Controller, Delete, Get, Post, Put } from '@nestjs/common';
import {
  assignProjectUserRequestSchema,
  createProjectRequestSchema,
  projectListQuerySchema,
  updateProjectRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CreateProjectRequestParsed,
  type ProjectListQueryParsed,
  type UpdateProjectRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodBody, ZodParam, ZodQuery, type LazyBody } from '@zunft/nest-common';
import { ProjectsService } from './projects.service.js';

@Controller('projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  /** Employees get only the projects assigned to them. With page/pageSize/cursor: one page. */
  @Get()
  list(@CurrentUser() user: AccessTokenClaims, @ZodQuery(projectListQuerySchema) query: ProjectListQueryParsed) {
    return this.projects.list(user, query);
  }

  /** The stat cards' figures; before `:id` so "stats" is not read as an id. Employees: their projects. */
  @Get('stats')
  stats(@CurrentUser() user: AccessTokenClaims) {
    return this.projects.stats(user);
  }

  @Get(':id')
  get(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.projects.get(user, id);
  }

  @Roles('admin', 'backoffice')
  @Post()
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createProjectRequestSchema) body: CreateProjectRequestParsed,
  ) {
    return this.projects.create(user, body);
  }

  @Roles('admin', 'backoffice')
  @Put(':id')
  update(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(updateProjectRequestSchema) body: LazyBody<UpdateProjectRequestParsed>,
  ) {
    return this.projects.update(user, id, () => body.value());
  }

  @Roles('admin', 'backoffice')
  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.projects.remove(user, id);
  }

  @Roles('admin', 'backoffice')
  @Post(':id/assign')
  assign(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(assignProjectUserRequestSchema) body: LazyBody<{ userId: string }>,
  ) {
    return this.projects.assign(user, id, () => body.value().userId);
  }

  @Roles('admin', 'backoffice')
  @Delete(':id/assign/:userId')
  unassign(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodParam('userId', uuidSchema) userId: string,
  ) {
    return this.projects.unassign(user, id, userId);
  }
}
